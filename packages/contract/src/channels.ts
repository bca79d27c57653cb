import { z } from 'zod/mini';
import { candleSchema, KLINE_INTERVALS, tickerSchema } from './market.js';
import { currencyKeySchema, decimalStringSchema } from './money.js';
import { orderSchema } from './trading.js';
import { fundingPushSchema } from './funding.js';
import { notificationPushSchema } from './notifications.js';

/**
 * The `balance` socket payload: which currency's balances changed, and their new values when
 * the change knows them (a replayed order does not). The client refetches on any push.
 */
export const balancePushSchema = z.object({
  currency: currencyKeySchema,
  available: z.optional(decimalStringSchema),
  inOrder: z.optional(decimalStringSchema),
});
export type BalancePush = z.infer<typeof balancePushSchema>;

/**
 * Every socket channel (BRIEF §5) and the schema of what it carries: the one map the server's
 * bus and hub and the web client share. `ticker.<SYMBOL>` and `kline.<SYMBOL>.<interval>` are
 * public; `orders`, `balance`, `funding` and `inbox` are the signed-in user's own.
 */
export const SOCKET_CHANNELS = {
  ticker: { schema: tickerSchema, private: false },
  kline: { schema: candleSchema, private: false },
  orders: { schema: orderSchema, private: true },
  balance: { schema: balancePushSchema, private: true },
  /** Every state change of the user's recharges, withdrawals and exchanges (docs/funding.md). */
  funding: { schema: fundingPushSchema, private: true },
  /** The unread count of the user's inbox, after each notification and each read (docs/content.md). */
  inbox: { schema: notificationPushSchema, private: true },
} as const;

export type SocketChannelKind = keyof typeof SOCKET_CHANNELS;
export type SocketPayload<K extends SocketChannelKind> = z.infer<
  (typeof SOCKET_CHANNELS)[K]['schema']
>;

/** The name a client subscribes to. */
export type SocketChannel =
  `ticker.${string}` | `kline.${string}` | 'orders' | 'balance' | 'funding' | 'inbox';

/** The kind of a subscribable channel name, or undefined for one that does not exist. */
export type ChannelKindOf<C extends string> = C extends `ticker.${string}`
  ? 'ticker'
  : C extends `kline.${string}`
    ? 'kline'
    : C extends 'orders' | 'balance' | 'funding' | 'inbox'
      ? C
      : never;

/** What arrives on channel `C`. */
export type ChannelPayload<C extends SocketChannel> = SocketPayload<ChannelKindOf<C>>;

const SYMBOL = '[A-Z0-9]{1,12}/[A-Z0-9]{1,12}';
const PUBLIC_CHANNEL = new RegExp(
  `^(?:ticker\\.${SYMBOL}|kline\\.${SYMBOL}\\.(?:${KLINE_INTERVALS.join('|')}))$`,
);

/** The kind of a channel name a client sent, or undefined when there is no such channel. */
export function socketChannelKind(ch: string): SocketChannelKind | undefined {
  if (ch === 'orders' || ch === 'balance' || ch === 'funding' || ch === 'inbox') return ch;
  if (!PUBLIC_CHANNEL.test(ch)) return undefined;
  return ch.startsWith('ticker.') ? 'ticker' : 'kline';
}
