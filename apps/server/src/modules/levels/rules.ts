import { MINOR_PER_MAJOR, type CurrencyKey } from '@ampere/contract';
import {
  THRESHOLD_LEVELS,
  amountMinor,
  type MemberLevel,
  type MemberLevels,
  type ThresholdLevel,
} from '@ampere/contract/admin';

/**
 * The member-level rule (docs/backoffice.md, Member levels), pure: a user reaches a level when,
 * in CNY or in USDT, both their cumulative traded volume and their cumulative confirmed
 * deposits in that currency meet its threshold in that currency; their level is the highest
 * they reach, or the floor staff set when that is higher. The database applies the same rule in
 * SQL (levels.repository.ts); the API tests hold the two to each other.
 */

export const LEVEL_CURRENCIES = ['money', 'usdt'] as const satisfies readonly CurrencyKey[];

/** Cumulative amounts of one currency, in minor units. */
export interface Amounts {
  volumeMinor: bigint;
  depositsMinor: bigint;
}
export type Progress = Readonly<Record<CurrencyKey, Amounts>>;

export interface Threshold {
  level: Exclude<MemberLevel, 0>;
  key: ThresholdLevel;
  byCurrency: Readonly<Record<CurrencyKey, Amounts>>;
}

export const NO_PROGRESS: Progress = {
  money: { volumeMinor: 0n, depositsMinor: 0n },
  usdt: { volumeMinor: 0n, depositsMinor: 0n },
};

function minor(text: string, currency: CurrencyKey): bigint {
  const value = amountMinor(text, currency);
  // The thresholds were validated on write and on read: an unparsable one is a bug.
  if (value === undefined) throw new Error(`member levels: bad ${currency} threshold ${text}`);
  return value;
}

/** The thresholds in minor units, Junior (1) to Premium (3). */
export function thresholdsOf(levels: MemberLevels): Threshold[] {
  return THRESHOLD_LEVELS.map((key, i) => ({
    level: (i + 1) as Threshold['level'],
    key,
    byCurrency: {
      money: {
        volumeMinor: minor(levels[key].volume.money, 'money'),
        depositsMinor: minor(levels[key].deposits.money, 'money'),
      },
      usdt: {
        volumeMinor: minor(levels[key].volume.usdt, 'usdt'),
        depositsMinor: minor(levels[key].deposits.usdt, 'usdt'),
      },
    },
  }));
}

/** Whether `have` meets `need`: both the volume and the deposits. */
const meets = (have: Amounts, need: Amounts) =>
  have.volumeMinor >= need.volumeMinor && have.depositsMinor >= need.depositsMinor;

/** The level the thresholds give this progress (the floor is not part of it). */
export function thresholdLevelOf(
  progress: Progress,
  thresholds: readonly Threshold[],
): MemberLevel {
  let reached: MemberLevel = 0;
  for (const t of thresholds)
    if (LEVEL_CURRENCIES.some((c) => meets(progress[c], t.byCurrency[c]))) reached = t.level;
  return reached;
}

/** The level in force: what the thresholds give, or the staff's floor when that is higher. */
export function levelOf(
  progress: Progress,
  thresholds: readonly Threshold[],
  floor: MemberLevel,
): MemberLevel {
  const reached = thresholdLevelOf(progress, thresholds);
  return reached > floor ? reached : floor;
}

/** What is missing of `need` (0 where met). */
export interface Need {
  currency: CurrencyKey;
  need: Amounts;
  missing: Amounts;
}

const short = (need: bigint, have: bigint) => (need > have ? need - have : 0n);

/**
 * The level above `level` and, per currency, what it needs and what is still missing: reaching
 * both in any one currency is enough. Undefined at Premium.
 */
export function nextLevelNeeds(
  level: MemberLevel,
  progress: Progress,
  thresholds: readonly Threshold[],
): { next: Threshold; needs: Need[] } | undefined {
  const next = thresholds.find((t) => t.level === level + 1);
  if (!next) return undefined;
  return {
    next,
    needs: LEVEL_CURRENCIES.map((currency) => {
      const need = next.byCurrency[currency];
      const have = progress[currency];
      return {
        currency,
        need,
        missing: {
          volumeMinor: short(need.volumeMinor, have.volumeMinor),
          depositsMinor: short(need.depositsMinor, have.depositsMinor),
        },
      };
    }),
  };
}

/** Minor units per major unit of the currencies levels count, for the SQL (trusted constants). */
export const UNITS_SQL = LEVEL_CURRENCIES.map(
  (c) => `('${c}', ${MINOR_PER_MAJOR[c].toString()}::numeric)`,
).join(', ');
