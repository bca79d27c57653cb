import { parseAmount, type CurrencyKey, type LevelNeed } from '@ampere/contract';

const minor = (text: string, currency: CurrencyKey): bigint => {
  const parsed = parseAmount(text, currency, { allowZero: true });
  return parsed.ok ? parsed.minor : 0n;
};

/** How far one requirement is met, in whole percent (floored), 100 when it asks for nothing. */
function percentOf(needText: string, missingText: string, currency: CurrencyKey): number {
  const need = minor(needText, currency);
  if (need === 0n) return 100;
  const have = need - minor(missingText, currency);
  // Integer division floors: 99.9 % shows 99, never a rounded-up 100 before it is reached.
  return Number((have * 100n) / need);
}

/**
 * How close the next level is, in whole percent: per currency, the less advanced of volume and
 * deposits (both are needed); over the currencies, the most advanced (either one will do).
 */
export function nextLevelPercent(needs: readonly LevelNeed[]): number {
  let best = 0;
  for (const n of needs) {
    const volume = percentOf(n.volume, n.volumeMissing, n.currency);
    const deposits = percentOf(n.deposits, n.depositsMissing, n.currency);
    best = Math.max(best, Math.min(volume, deposits));
  }
  return best;
}

/** Whether the amount is zero (a requirement already met). */
export const isZero = (text: string, currency: CurrencyKey): boolean =>
  minor(text, currency) === 0n;
