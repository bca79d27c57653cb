import { describe, expect, it } from 'vitest';
import { INTERVALS, aggregate, bucketStart, type Interval } from './candles.js';
import {
  BACKFILL_CANDLES,
  BACKFILL_DAYS,
  BACKFILL_INTERVALS,
  backfillRange,
  generateBackfill,
  type BackfilledCandle,
  type BackfillSpec,
} from './backfill.js';

const AT = Date.parse('2026-11-21T08:30:27.123Z');
const btc: BackfillSpec = {
  seed: 'ampere',
  symbol: 'BTC/USDT',
  atMs: AT,
  startPrice: 9_712_345n, // 97,123.45
  priceScale: 2,
  volatilityBps: 6000,
};
const of = (spec: BackfillSpec, interval: Interval) =>
  generateBackfill(spec).candles.filter((c) => c.interval === interval);

/** `fine` folded into `coarse` buckets, for the buckets `fine` covers whole. */
function fold(fine: readonly BackfilledCandle[], coarse: Interval) {
  const from = fine[0]?.openTimeMs ?? 0;
  const whole = fine.filter((c) => bucketStart(c.openTimeMs, coarse) >= from);
  const opens = aggregate(
    whole.map((c) => ({ timeMs: c.openTimeMs, price: c.open })),
    coarse,
  );
  const closes = aggregate(
    whole.map((c) => ({ timeMs: c.openTimeMs, price: c.close })),
    coarse,
  );
  const highs = aggregate(
    whole.map((c) => ({ timeMs: c.openTimeMs, price: c.high })),
    coarse,
  );
  const lows = aggregate(
    whole.map((c) => ({ timeMs: c.openTimeMs, price: c.low })),
    coarse,
  );
  return opens.map((o, i) => ({
    openTimeMs: o.openTimeMs,
    open: o.open,
    high: highs[i]?.high,
    low: lows[i]?.low,
    close: closes[i]?.close,
    volume: whole
      .filter((c) => bucketStart(c.openTimeMs, coarse) === o.openTimeMs)
      .reduce((n, c) => n + c.volume, 0n),
  }));
}

describe('backfilled history', () => {
  it('covers whole UTC days back to the start minute: 40 day candles, the last one today', () => {
    const { fromMs, toMs } = backfillRange(AT);
    expect(toMs).toBe(Date.parse('2026-11-21T08:30:00Z'));
    expect(fromMs).toBe(Date.parse('2026-10-13T00:00:00Z'));
    const days = of(btc, '1Day');
    expect(days).toHaveLength(BACKFILL_DAYS);
    expect(days[0]?.openTimeMs).toBe(fromMs);
    expect(days.at(-1)?.openTimeMs).toBe(Date.parse('2026-11-21T00:00:00Z'));
    // Every hour of the range; of the finer intervals, the last 1,440 candles, none missing.
    expect(of(btc, '1Hour')).toHaveLength(39 * 24 + 9);
    for (const interval of ['1Min', '5Min', '30Min'] as const) {
      const candles = of(btc, interval);
      expect(candles).toHaveLength(BACKFILL_CANDLES);
      const size = INTERVALS[interval];
      candles.forEach((c, i) => {
        expect(c.openTimeMs).toBe((candles[0]?.openTimeMs ?? 0) + i * size);
      });
      // The last one is the bucket the start minute's predecessor is in.
      expect(candles.at(-1)?.openTimeMs).toBe(bucketStart(toMs - 1, interval));
    }
  });

  it('is the same for the same seed and start minute, and differs otherwise', () => {
    const a = generateBackfill(btc);
    expect(generateBackfill({ ...btc, atMs: AT + 20_000 })).toEqual(a); // same minute
    expect(generateBackfill(btc)).toEqual(a);
    const closes = (spec: BackfillSpec) => of(spec, '1Hour').map((c) => c.close);
    expect(closes({ ...btc, seed: 'other' })).not.toEqual(closes(btc));
    expect(closes({ ...btc, symbol: 'ETH/USDT' })).not.toEqual(closes(btc));
    expect(closes({ ...btc, atMs: AT + 60_000 })).not.toEqual(closes(btc));
  });

  it('ends exactly at the start price, and every candle opens where the one before closed', () => {
    for (const interval of BACKFILL_INTERVALS) {
      const candles = of(btc, interval);
      expect(candles.at(-1)?.close).toBe(btc.startPrice);
      for (let i = 1; i < candles.length; i++) {
        expect(candles[i]?.open).toBe(candles[i - 1]?.close);
      }
    }
    for (const c of generateBackfill(btc).candles) {
      expect(c.high >= c.open && c.high >= c.close && c.low <= c.open && c.low <= c.close).toBe(
        true,
      );
      expect(c.low).toBeGreaterThan(0n);
      expect(c.volume).toBeGreaterThan(0n);
    }
  });

  it('agrees with itself at every interval, as candles folded from the same prices would', () => {
    for (const [i, interval] of BACKFILL_INTERVALS.slice(1).entries()) {
      const finer = BACKFILL_INTERVALS[i] ?? '1Min';
      const folded = fold(of(btc, finer), interval);
      const byTime = new Map(of(btc, interval).map((c) => [c.openTimeMs, c]));
      expect(folded.length).toBeGreaterThan(0);
      for (const f of folded) expect(byTime.get(f.openTimeMs)).toEqual({ ...f, interval });
    }
  });

  it('moves like the live walk: daily ranges of a few percent at 60 % a year, none absurd', () => {
    const days = of(btc, '1Day');
    const rangeBps = days.map((d) => Number(((d.high - d.low) * 10_000n) / d.low));
    const median = [...rangeBps].sort((a, b) => a - b)[Math.floor(rangeBps.length / 2)] ?? 0;
    // σ a day = 60 % / √365 ≈ 3.1 %; a day's range is about 1.6 σ.
    expect(median).toBeGreaterThan(250);
    expect(median).toBeLessThan(1_000);
    const first = days[0]?.open ?? 1n;
    const drift = Number(((first - btc.startPrice) * 100n) / btc.startPrice);
    expect(Math.abs(drift)).toBeLessThan(80);
  });

  it('is quick: forty days of eight products in well under a second', () => {
    const started = performance.now();
    for (let i = 0; i < 8; i++) generateBackfill({ ...btc, symbol: `S${i}` });
    const ms = performance.now() - started;
    console.info(`eight products generated in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(2_000);
  });
});
