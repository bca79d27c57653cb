import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type Outcome } from './rules.js';

/**
 * `decide` is the rule (docs/trading-rules.md) and the only thing that decides an outcome. It
 * must be a pure function of the order's fixed terms (direction, strike, stake, rate) and the
 * exit tick: the same arguments always give the same outcome, and nothing else — no clock, no
 * randomness, no setting, no database — can reach it.
 */

/** The rule as the documentation states it, written apart from the code under test. */
function documented(
  direction: 'up' | 'down',
  strike: bigint,
  exit: bigint | undefined,
  stake: bigint,
  bps: number,
): Outcome {
  if (exit === undefined) return { status: 'void', payoutMinor: stake };
  if (exit === strike) return { status: 'tie', payoutMinor: stake };
  const upWins = exit > strike;
  if (upWins !== (direction === 'up')) return { status: 'lost', payoutMinor: 0n };
  // profit = stake × bps / 10 000, rounded half to even
  const scaled = stake * BigInt(bps);
  let profit = scaled / 10_000n;
  const rest = scaled % 10_000n;
  if (rest > 5_000n || (rest === 5_000n && profit % 2n === 1n)) profit += 1n;
  return { status: 'won', payoutMinor: stake + profit };
}

const terms = fc.record({
  direction: fc.constantFrom('up' as const, 'down' as const),
  strike: fc.bigInt({ min: 1n, max: 10n ** 15n }),
  move: fc.option(fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }), { nil: undefined }),
  stake: fc.bigInt({ min: 1n, max: 10n ** 18n }),
  bps: fc.integer({ min: 1, max: 10_000 }),
});

describe('decide', () => {
  it('is the documented rule, for any terms and exit', () => {
    fc.assert(
      fc.property(terms, ({ direction, strike, move, stake, bps }) => {
        const exit = move === undefined ? undefined : strike + move;
        expect(decide(direction, strike, exit, stake, bps)).toEqual(
          documented(direction, strike, exit, stake, bps),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers the same for the same arguments, at once, whatever happened in between', () => {
    fc.assert(
      fc.property(
        fc.array(terms, { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 0, max: 19 }),
        (calls, pick) => {
          const args = (c: (typeof calls)[number]) =>
            [
              c.direction,
              c.strike,
              c.move === undefined ? undefined : c.strike + c.move,
              c.stake,
              c.bps,
            ] as const;
          const chosen = calls[pick % calls.length];
          if (!chosen) return;
          const first = decide(...args(chosen));
          // Other decisions in between leave nothing behind that changes the next one.
          for (const c of calls) decide(...args(c));
          const again = decide(...args(chosen));
          expect(again).toEqual(first);
          // Synchronous: it cannot wait for a database, a setting or a clock.
          expect(first).not.toBeInstanceOf(Promise);
        },
      ),
    );
  });

  it('takes only the order terms and the exit, and reads nothing else', () => {
    // Five parameters: direction, strike, exit, stake, rate. Nothing is optional or defaulted.
    expect(decide.length).toBe(5);
    const body = decide.toString();
    for (const forbidden of [
      /\bawait\b/,
      /\bDate\b/,
      /\bMath\.random\b/,
      /\bprocess\b/,
      /\bglobalThis\b/,
      /\bsettings?\b/i,
      /\bcatalog\b/i,
      /\bdb\b/,
      /\bthis\b/,
    ])
      expect(body).not.toMatch(forbidden);
  });

  it('lives in a module without state: no variable at its top level', () => {
    const source = readFileSync(new URL('./rules.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^(export )?(let|var) /m);
    // Its imports are the contract's pure money functions and constants, and types.
    const imports = [...source.matchAll(/^import (type )?\{[^}]*\} from '([^']+)';/gms)].map(
      (m) => `${m[1] ?? ''}${m[2] ?? ''}`,
    );
    expect(imports).toEqual([
      '@ampere/contract',
      'type ../ledger/ledger.service.js',
      '../market/market.service.js', // STALE_AFTER_MS, a constant
      'type ./trading.repository.js',
    ]);
  });
});
