import { z } from 'zod/mini';
import { EPOCH_MS_MAX, idParam, intParam } from './params.js';

export const KLINE_INTERVALS = ['1s', '1Min', '5Min', '30Min', '1Hour', '1Day'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const KLINE_LIMIT_MAX = 500;

export const symbolSchema = z
  .string()
  .check(z.regex(/^[A-Z0-9]{1,12}\/[A-Z0-9]{1,12}$/, { error: 'invalid_symbol' }));

export const productSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  category: z.string(),
  priceScale: z.int(),
  /** `open` takes orders; `closed` by the operator; `paused` when the feed is stale. */
  state: z.enum(['open', 'closed', 'paused']),
  lastPrice: z.nullable(z.string()),
  lastTime: z.nullable(z.int()),
  /** Over the last 24 h; null without history. Change in percent, two decimals, signed. */
  changePct: z.nullable(z.string()),
  /** The price 24 h ago (the open of the oldest hourly candle in the window); null without history. */
  open24h: z.nullable(z.string()),
  high: z.nullable(z.string()),
  low: z.nullable(z.string()),
  ticks24h: z.int(),
  /** Traded quantity in the base asset over the last 24 h, a decimal string (scale 8). */
  volume24h: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ items: z.array(productSchema) });

export const klineQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: symbolSchema,
  interval: z.enum(KLINE_INTERVALS),
  /** Candles opening before this time (epoch ms); the newest when absent. */
  before: z.optional(intParam(1, EPOCH_MS_MAX)),
  limit: z._default(intParam(1, KLINE_LIMIT_MAX), 200),
});

/** Traded quantities (volume) are base-asset amounts at this scale. */
export const VOLUME_SCALE = 8;

/** One candle: [openTimeMs, open, high, low, close, ticks, volume]; also the `kline.*` socket payload. */
export const candleSchema = z.tuple([
  z.int(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.int(),
  z.string(),
]);
export type Candle = z.infer<typeof candleSchema>;

/** The `ticker.<symbol>` socket payload. */
export const tickerSchema = z.object({
  symbol: z.string(),
  price: z.string(),
  /** Epoch ms of the tick. */
  time: z.int(),
  /** The tick's chain hash (verifiable at market/chain/verify). */
  hash: z.string(),
});
export type Ticker = z.infer<typeof tickerSchema>;

export const klineSchema = z.object({
  symbol: z.string(),
  interval: z.enum(KLINE_INTERVALS),
  /** Oldest first: [openTimeMs, open, high, low, close, ticks, volume]. */
  candles: z.array(candleSchema),
});
export type Kline = z.infer<typeof klineSchema>;

/** Ticks one verify answer checks and returns at most (≈ 250 bytes each). */
export const CHAIN_VERIFY_LIMIT_MAX = 2_000;

export const chainVerifyQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: symbolSchema,
  /** First tick id to check; the chain's start when absent. */
  from: z.optional(idParam),
  /** Last tick id to check (inclusive); `limit` ticks from `from` when absent. */
  to: z.optional(idParam),
  limit: z._default(intParam(1, CHAIN_VERIFY_LIMIT_MAX), 1_000),
});

export const chainTickSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  timeMs: z.int(),
  price: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});

export const chainVerifySchema = z.object({
  symbol: z.string(),
  ok: z.boolean(),
  checked: z.int(),
  /** The first tick that does not verify, and why. */
  broken: z.nullable(z.object({ id: z.string(), reason: z.enum(['hash', 'link', 'order']) })),
  first: z.nullable(chainTickSchema),
  last: z.nullable(chainTickSchema),
  /** Ticks in the checked run that retention removed (verified through their recorded gaps). */
  pruned: z.int(),
  /** Every checked tick, in chain order, so anyone can recompute the hashes (docs/market.md). */
  ticks: z.array(chainTickSchema),
  /** The retention holes inside the run: the hash before each and its last hash. */
  gaps: z.array(
    z.object({
      firstId: z.string(),
      lastId: z.string(),
      count: z.int(),
      prevHash: z.string(),
      lastHash: z.string(),
    }),
  ),
});

export const chainHeadsQuerySchema = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  symbol: symbolSchema,
  limit: z._default(intParam(1, 1_440), 60),
});

/** Newest first: the last tick before each minute boundary (`minuteMs`). */
export const chainHeadsSchema = z.object({
  items: z.array(
    z.object({
      symbol: z.string(),
      minuteMs: z.int(),
      tickId: z.string(),
      hash: z.string(),
      /**
       * Ed25519 over `ampere-chain-head\n<symbol>\n<minuteMs>\n<tickId>\n<hash>`, base64;
       * null for a head recorded before heads were signed.
       */
      signature: z.nullable(z.string()),
    }),
  ),
  /** The public key the signatures verify with (base64, raw 32 bytes); as in common/base. */
  publicKey: z.string(),
});
