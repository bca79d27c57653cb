import { divRound, formatScaled } from '@ampere/contract';
import type { Ticker } from '@ampere/contract';
import { abbreviateNumber, formatNumber } from '@ampere/client';
import type { MarketProduct } from './api/market';

/**
 * Live quote arithmetic. Prices arrive as decimal strings and stay exact: every comparison and
 * the change in percent run on bigint at the finer of the two scales, never on a float.
 */

/** A price-like decimal: optional minus, digits, optional fraction (bounded, so bigint work is). */
const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,18}))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(text: string): Scaled | undefined {
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const fraction = match[3] ?? '';
  const magnitude = BigInt(`${match[2] ?? '0'}${fraction}`);
  return { units: match[1] === '-' ? -magnitude : magnitude, scale: fraction.length };
}

/** Both decimals as integers at one common scale, or undefined when either is not a decimal. */
function aligned(a: string, b: string): [bigint, bigint] | undefined {
  const x = parse(a);
  const y = parse(b);
  if (x === undefined || y === undefined) return undefined;
  const scale = Math.max(x.scale, y.scale);
  return [x.units * 10n ** BigInt(scale - x.scale), y.units * 10n ** BigInt(scale - y.scale)];
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`; undefined when either is not a decimal. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | undefined {
  const pair = aligned(a, b);
  if (pair === undefined) return undefined;
  const [x, y] = pair;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * (price − open) / open in percent with two decimals, signed ("1.23", "-0.50", "0.00"). Truncated
 * toward zero, as the server computes `changePct`, so the first live value never disagrees with
 * the listed one for the same price. Undefined without a positive open.
 */
export function changePct(price: string, open: string): string | undefined {
  const pair = aligned(price, open);
  if (pair === undefined) return undefined;
  const [p, o] = pair;
  if (o <= 0n) return undefined;
  // × 100 for percent, × 100 again to keep two decimals as an integer.
  const hundredths = divRound((p - o) * 10_000n, o, 'trunc');
  return formatScaled(hundredths, 2);
}

/** A price at the product's own scale with thousands separators; a dash when there is none. */
export function formatPrice(price: string | null, priceScale: number): string {
  return price === null ? '—' : formatNumber(price, priceScale);
}

/** A traded quantity: grouped, abbreviated from a million (SPEC §5); a dash when unknown. */
export function formatVolume(volume: string | null): string {
  return volume === null ? '—' : abbreviateNumber(volume, 2);
}

export type Direction = 'up' | 'down' | 'flat';

/** Which way a signed percent points; "0.00" and "-0.00" are flat. */
export function changeDirection(pct: string | null | undefined): Direction {
  if (pct === null || pct === undefined) return 'flat';
  const sign = compareDecimals(pct, '0');
  return sign === 1 ? 'up' : sign === -1 ? 'down' : 'flat';
}

/** "+1.23%", "-0.50%", "0.00%"; an em dash when unknown. */
export function formatChangePct(pct: string | null | undefined): string {
  if (pct === null || pct === undefined) return '—';
  const direction = changeDirection(pct);
  const digits = pct.replace(/^-/, '');
  if (direction === 'flat') return `${digits}%`;
  return `${direction === 'up' ? '+' : '-'}${digits}%`;
}

/**
 * The highest and lowest price among the ticks this client received lately: the listed 24 h
 * high and low are as of the last fetch, and a spike between two fetches would otherwise be
 * missed when the price is back by the time of the next tick shown. Ticks fall into buckets of
 * EXTREMES_BUCKET_MS; the current and the previous bucket count, so the window is always longer
 * than the list's refresh interval and always far shorter than 24 h.
 */
export const EXTREMES_BUCKET_MS = 5 * 60_000;

interface ExtremesBucket {
  readonly index: number;
  readonly high: string;
  readonly low: string;
}

export interface RecentExtremes {
  readonly previous: ExtremesBucket | undefined;
  readonly current: ExtremesBucket;
}

const higherOf = (a: string, b: string): string => (compareDecimals(b, a) === 1 ? b : a);
const lowerOf = (a: string, b: string): string => (compareDecimals(b, a) === -1 ? b : a);

/** `state` with one more tick; a tick of an older bucket than the current one is left out. */
export function recordExtremes(
  state: RecentExtremes | undefined,
  price: string,
  timeMs: number,
): RecentExtremes {
  const index = Math.floor(timeMs / EXTREMES_BUCKET_MS);
  const fresh: ExtremesBucket = { index, high: price, low: price };
  if (state === undefined) return { previous: undefined, current: fresh };
  const { current } = state;
  if (index === current.index) {
    return {
      previous: state.previous,
      current: { index, high: higherOf(current.high, price), low: lowerOf(current.low, price) },
    };
  }
  if (index < current.index) return state;
  return { previous: index === current.index + 1 ? current : undefined, current: fresh };
}

export function extremesOf(state: RecentExtremes): { high: string; low: string } {
  const { previous, current } = state;
  if (previous === undefined) return { high: current.high, low: current.low };
  return { high: higherOf(previous.high, current.high), low: lowerOf(previous.low, current.low) };
}

/** A ticker as views read it: the newest tick, with the extremes of the ticks before it. */
export interface LiveTicker extends Ticker {
  /** The highest and lowest price received lately (see RecentExtremes). */
  high: string;
  low: string;
}

/** What a product view shows: the listed statistics, moved on by the newest tick. */
export interface Quote {
  price: string | null;
  time: number | null;
  changePct: string | null;
  direction: Direction;
  high: string | null;
  low: string | null;
}

/** The ticker when it moves the product on: of its symbol and not older than the listed tick. */
function applicableTicker(
  product: MarketProduct,
  ticker: LiveTicker | undefined,
): LiveTicker | undefined {
  if (ticker?.symbol !== product.symbol) return undefined;
  // The list was fetched after it.
  if (product.lastTime !== null && ticker.time < product.lastTime) return undefined;
  return ticker;
}

/** What a list row shows: the quote without the 24 h high and low. */
export type LivePrice = Omit<Quote, 'high' | 'low'>;

/**
 * The product's price and change with the live ticker applied: liveQuote without the high and
 * low, which a list row does not show (two bigint comparisons fewer on each tick of each row).
 */
export function livePrice(product: MarketProduct, ticker: LiveTicker | undefined): LivePrice {
  const live = applicableTicker(product, ticker);
  if (live === undefined) {
    return {
      price: product.lastPrice,
      time: product.lastTime,
      changePct: product.changePct,
      direction: changeDirection(product.changePct),
    };
  }
  const pct = product.open24h === null ? product.changePct : changePct(live.price, product.open24h);
  const resolved = pct ?? product.changePct;
  return {
    price: live.price,
    time: live.time,
    changePct: resolved,
    direction: changeDirection(resolved),
  };
}

/**
 * The product's quote with the live ticker applied. A ticker older than the listed last tick is
 * ignored (the list was fetched after it). The change is recomputed from `open24h` when the
 * server sent one; without it the listed change stays, rather than a guess. The 24 h high and
 * low widen to the extremes of the ticks received since.
 */
export function liveQuote(product: MarketProduct, ticker: LiveTicker | undefined): Quote {
  const price = livePrice(product, ticker);
  const live = applicableTicker(product, ticker);
  if (live === undefined) return { ...price, high: product.high, low: product.low };
  return {
    ...price,
    high: product.high === null ? live.high : higherOf(product.high, live.high),
    low: product.low === null ? live.low : lowerOf(product.low, live.low),
  };
}
