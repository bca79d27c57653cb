import {
  KLINE_INTERVALS,
  KLINE_LIMIT_MAX,
  productListSchema,
  productSchema,
} from '@ampere/contract';
import type { Candle, KlineInterval, LocaleKey } from '@ampere/contract';
import type { Api } from '@ampere/client';
import { z } from 'zod/mini';

/**
 * The market calls (packages/contract/src/market.ts): products with their 24 h statistics and
 * candles. Prices stay decimal strings from the wire to the screen.
 */

/**
 * A product as the list shows it. `open24h` and `volume24h` are read leniently: a server that
 * predates them still lists its products (the change then stays the listed one and the volume
 * reads as unknown) instead of the whole list failing validation.
 */
const marketProductSchema = z.extend(productSchema, {
  open24h: z.catch(productSchema.shape.open24h, null),
  volume24h: z.catch(z.nullable(productSchema.shape.volume24h), null),
});
export type MarketProduct = z.infer<typeof marketProductSchema>;

const marketProductListSchema = z.extend(productListSchema, {
  items: z.array(marketProductSchema),
});

/** Candles per history request: enough to fill a phone-wide chart a few times over. */
export const KLINE_PAGE_SIZE = 200;

export const marketKeys = {
  all: ['market'] as const,
  /** Product names are localized, so each language has its own list. */
  products: (locale: LocaleKey) => [...marketKeys.all, 'products', locale] as const,
};

export async function fetchProducts(api: Api, signal?: AbortSignal): Promise<MarketProduct[]> {
  const data = await api.get<unknown>('market/products', { signal });
  return marketProductListSchema.parse(data).items;
}

export function isKlineInterval(value: string): value is KlineInterval {
  return KLINE_INTERVALS.some((interval) => interval === value);
}

const DECIMAL = /^-?\d{1,30}(\.\d{1,18})?$/;
const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && DECIMAL.test(value);
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * One candle off the wire (market/kline or a `kline.*` message), or undefined when it is not
 * one. The seventh element, the volume, is newer than the rest: a six-element candle from an
 * older server is accepted with a volume of "0" (the chart does not plot volume).
 */
export function decodeCandle(value: unknown): Candle | undefined {
  if (!Array.isArray(value)) return undefined;
  const fields: readonly unknown[] = value;
  if (fields.length !== 6 && fields.length !== 7) return undefined;
  const [time, open, high, low, close, ticks, volume] = fields;
  if (!isTime(time) || !isTime(ticks)) return undefined;
  if (!isDecimal(open) || !isDecimal(high) || !isDecimal(low) || !isDecimal(close)) {
    return undefined;
  }
  if (volume !== undefined && !isDecimal(volume)) return undefined;
  return [time, open, high, low, close, ticks, volume ?? '0'];
}

export interface KlineRequest {
  symbol: string;
  interval: KlineInterval;
  /** Candles opening before this time (epoch ms); the newest when absent. */
  before?: number;
  limit?: number;
}

/** Candles oldest first. Anything malformed is a server bug: it fails the request loudly. */
export async function fetchCandles(
  api: Api,
  request: KlineRequest,
  signal?: AbortSignal,
): Promise<Candle[]> {
  const limit = Math.min(Math.max(1, request.limit ?? KLINE_PAGE_SIZE), KLINE_LIMIT_MAX);
  const data = await api.get<unknown>('market/kline', {
    query: {
      symbol: request.symbol,
      interval: request.interval,
      before: request.before,
      limit,
    },
    signal,
  });
  const raw =
    typeof data === 'object' && data !== null && 'candles' in data ? data.candles : undefined;
  if (!Array.isArray(raw)) throw new TypeError('market/kline: no candles in the answer');
  return raw.map((value: unknown, index) => {
    const candle = decodeCandle(value);
    if (candle === undefined) throw new TypeError(`market/kline: candle ${index} is malformed`);
    return candle;
  });
}
