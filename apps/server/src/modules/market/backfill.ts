import { createHash } from 'node:crypto';
import { VOLUME_SCALE } from '@ampere/contract';
import { bucketStart, INTERVALS, type Interval } from './candles.js';

/**
 * The simulated feed's history before its first start (issue #21): candles generated from a
 * seed, so the 1Hour and 1Day charts and the 24 h figures mean something at once. Candles only —
 * never ticks: nothing here enters the hash chain, opens an order or settles one (docs/market.md,
 * "Backfilled history"). The same seed, symbol and start minute give the same history, and it
 * ends exactly at the price the live walk starts from.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** Days of history: the 1Day chart shows about 35 candles on a 375 px phone (8 px a bar). */
export const BACKFILL_DAYS = 40;

/** What is backfilled: every chart interval but 1s (its chart fills from the live feed in seconds). */
export const BACKFILL_INTERVALS = ['1Min', '5Min', '30Min', '1Hour', '1Day'] as const;

/**
 * Candles kept per interval, at most: a day of minutes, five days of 5 minutes, thirty days of
 * half hours; hours and days over the whole range. Over seven of the web chart's 200-candle pages,
 * far more than a screen shows (about 35 bars on a phone, 110 at 960 px), and few enough to write
 * in a moment (5,310 candles a product; docs/market.md).
 */
export const BACKFILL_CANDLES = 1_440;

/** The live feed's pace (SIMULATED_TICK_MS = 500): ticks a minute, and their mean notional. */
const TICKS_PER_MINUTE = 120;
const MEAN_TICK_NOTIONAL = 5_010;

export interface BackfillSpec {
  seed: string;
  symbol: string;
  /** When the feed starts: the history covers whole minutes before this one. */
  atMs: number;
  /** Where the history ends: the live walk's first price (minor units). */
  startPrice: bigint;
  priceScale: number;
  volatilityBps: number;
  days?: number;
}

export interface BackfilledCandle {
  interval: Interval;
  openTimeMs: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Traded quantity, base asset at VOLUME_SCALE. (`ticks` is 0: no recorded tick made it.) */
  volume: bigint;
}

export interface Backfill {
  fromMs: number;
  /** Exclusive: the start minute, where live ticks begin. */
  toMs: number;
  /** Oldest first within each interval, intervals in BACKFILL_INTERVALS order. */
  candles: BackfilledCandle[];
}

/** The covered range: whole UTC days back from the start minute, `days` day candles in all. */
export function backfillRange(
  atMs: number,
  days = BACKFILL_DAYS,
): { fromMs: number; toMs: number } {
  const toMs = bucketStart(atMs, '1Min');
  return { fromMs: bucketStart(toMs, '1Day') - (days - 1) * DAY_MS, toMs };
}

/**
 * Uniform doubles in [0, 1) determined by the seed, the symbol and the start minute: sfc32
 * seeded with SHA-256 of them. Deterministic on purpose — this is only ever history.
 */
export function seededRandom(seed: string, symbol: string, toMs: number): () => number {
  const key = createHash('sha256').update(`ampere-backfill\n${seed}\n${symbol}\n${toMs}`).digest();
  let a = key.readUInt32BE(0);
  let b = key.readUInt32BE(4);
  let c = key.readUInt32BE(8);
  let d = key.readUInt32BE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return () => ((next() >>> 11) * 4_294_967_296 + next()) / 9_007_199_254_740_992;
}

/** The minutes of the range as columns of plain numbers (minor units; volume in base units). */
interface Minutes {
  fromMs: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/**
 * One minute after another over the range: a geometric random walk (the live feed's, at a
 * minute's step) shifted so its last close is `startPrice`; each minute's high and low are the
 * exact extremes of a Brownian bridge between its open and close; its volume, about two ticks a
 * second of the live feed's trade sizes. Numbers, not bigints: this is noise, made exact once a
 * candle is kept.
 */
function walkMinutes(spec: BackfillSpec, fromMs: number, toMs: number): Minutes {
  const n = (toMs - fromMs) / MINUTE_MS;
  const random = seededRandom(spec.seed, spec.symbol, toMs);
  const uniform = () => Math.max(random(), Number.EPSILON);
  const sigma = (spec.volatilityBps / 10_000) * Math.sqrt(MINUTE_MS / YEAR_MS);
  const variance = sigma * sigma;
  // Log price at each minute boundary, then shifted so the last one is 0 (= startPrice).
  const x = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * random());
    x[i + 1] = (x[i] ?? 0) + sigma * z - variance / 2;
  }
  const end = x[n] ?? 0;
  const p0 = Number(spec.startPrice);
  const minor = (logPrice: number) => Math.max(1, Math.round(p0 * Math.exp(logPrice - end)));
  const baseUnits = 10 ** (VOLUME_SCALE + spec.priceScale);
  const m: Minutes = {
    fromMs,
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let open = minor(x[0] ?? 0);
  for (let i = 0; i < n; i++) {
    const from = x[i] ?? 0;
    const d = (x[i + 1] ?? 0) - from;
    const close = i === n - 1 ? p0 : minor(from + d);
    const reachUp = (d + Math.sqrt(d * d - 2 * variance * Math.log(uniform()))) / 2;
    const reachDown = (d - Math.sqrt(d * d - 2 * variance * Math.log(uniform()))) / 2;
    const notional = TICKS_PER_MINUTE * MEAN_TICK_NOTIONAL * (0.7 + 0.6 * random());
    m.open[i] = open;
    m.close[i] = close;
    m.high[i] = Math.max(minor(from + reachUp), open, close);
    m.low[i] = Math.min(minor(from + reachDown), open, close);
    m.volume[i] = Math.floor((notional * baseUnits) / close);
    open = close;
  }
  return m;
}

/** A sum of whole numbers, exact: the float one while it is below 2^53, else summed again. */
function exactSum(values: Float64Array, first: number, end: number, float: number): bigint {
  if (float < Number.MAX_SAFE_INTEGER) return BigInt(float);
  let sum = 0n;
  for (let i = first; i < end; i++) sum += BigInt(values[i] ?? 0);
  return sum;
}

/**
 * The last `BACKFILL_CANDLES` candles of `interval` (fewer when the range is shorter), folded from
 * the minutes: UTC-aligned buckets as candles.ts makes them, the first one whole.
 */
function candlesOf(m: Minutes, toMs: number, interval: Interval, last: bigint): BackfilledCandle[] {
  const size = INTERVALS[interval];
  const startMs = Math.max(
    m.fromMs,
    bucketStart(toMs - 1, interval) - (BACKFILL_CANDLES - 1) * size,
  );
  const out: BackfilledCandle[] = [];
  const n = m.open.length;
  for (let bucket = startMs; bucket < toMs; bucket += size) {
    const first = (bucket - m.fromMs) / MINUTE_MS;
    const end = Math.min(n, first + size / MINUTE_MS);
    let high = 0;
    let low = Infinity;
    let volume = 0;
    for (let i = first; i < end; i++) {
      high = Math.max(high, m.high[i] ?? 0);
      low = Math.min(low, m.low[i] ?? Infinity);
      volume += m.volume[i] ?? 0;
    }
    out.push({
      interval,
      openTimeMs: bucket,
      open: BigInt(m.open[first] ?? 0),
      high: BigInt(high),
      low: BigInt(low),
      close: end === n ? last : BigInt(m.close[end - 1] ?? 0),
      volume: exactSum(m.volume, first, end, volume),
    });
  }
  return out;
}

/**
 * The history of one symbol before `atMs` (empty when the range has no whole minute): every
 * minute of the range is walked, and each interval keeps its last BACKFILL_CANDLES candles.
 */
export function generateBackfill(spec: BackfillSpec): Backfill {
  const { fromMs, toMs } = backfillRange(spec.atMs, spec.days);
  if (toMs <= fromMs) return { fromMs, toMs, candles: [] };
  const m = walkMinutes(spec, fromMs, toMs);
  const candles = BACKFILL_INTERVALS.flatMap((interval) =>
    candlesOf(m, toMs, interval, spec.startPrice),
  );
  return { fromMs, toMs, candles };
}
