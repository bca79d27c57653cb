import {
  openOrdersSchema,
  orderListSchema,
  orderSchema,
  periodsSchema,
  receiptSchema,
  tradeLimitsSchema,
} from '@ampere/contract';
import type {
  Book,
  CurrencyKey,
  Direction,
  Order,
  Period,
  Receipt,
  TradeLimits,
} from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * The trading calls (packages/contract/src/trading.ts, docs/trading-rules.md). Amounts and prices
 * stay decimal strings from the wire to the screen; nothing here turns one into a number.
 */

/** Settled orders per page of Order records. */
export const CLOSED_PAGE_SIZE = 20;

export const tradeKeys = {
  all: ['trade'] as const,
  periods: (symbol: string) => [...tradeKeys.all, 'periods', symbol] as const,
  open: (book: Book = 'real') => [...tradeKeys.all, 'open', book] as const,
  /** Without `book`, every book's closed list (for invalidation). */
  closed: (book?: Book) =>
    book === undefined
      ? ([...tradeKeys.all, 'closed'] as const)
      : ([...tradeKeys.all, 'closed', book] as const),
  order: (id: string) => [...tradeKeys.all, 'order', id] as const,
  receipt: (id: string) => [...tradeKeys.all, 'receipt', id] as const,
  limits: () => [...tradeKeys.all, 'limits'] as const,
  /** Recent one-second closes of a product, for a light price line. */
  spark: (symbol: string) => [...tradeKeys.all, 'spark', symbol] as const,
};

export async function fetchPeriods(
  api: Api,
  symbol: string,
  signal?: AbortSignal,
): Promise<Period[]> {
  const data = await api.get('trade/periods', { query: { symbol }, signal });
  return periodsSchema.parse(data).items;
}

/** What the user asked for: one intent, sent with one idempotency key (retries reuse it). */
export interface BuyIntent {
  symbol: string;
  direction: Direction;
  /** Canonical decimal text in the currency's scale or shorter ("100", "12.5"). */
  amount: string;
  currency: CurrencyKey;
  /** Seconds. */
  period: number;
  /** The practice book's virtual USDT; real money when left out. */
  book?: Book;
}

export async function buy(api: Api, intent: BuyIntent, idempotencyKey: string): Promise<Order> {
  const { book, ...rest } = intent;
  const data = await api.post('user/buy', {
    // Real money sends no book, exactly as before practice existed.
    body: { ...rest, period: String(intent.period), ...(book === 'practice' && { book }) },
    idempotencyKey,
  });
  return orderSchema.parse(data);
}

/** The caller's open orders, soonest expiry first (all products without `symbol`). */
export async function fetchOpenOrders(
  api: Api,
  symbol?: string,
  signal?: AbortSignal,
  book: Book = 'real',
): Promise<Order[]> {
  const query = book === 'practice' ? { symbol, book } : { symbol };
  const data = await api.get('user/newOrderList', { query, signal });
  return openOrdersSchema.parse(data).items;
}

export interface ClosedPage {
  items: Order[];
  nextCursor: string | null;
}

/** Settled orders of one book, newest first; `cursor` is the previous page's `nextCursor`. */
export async function fetchClosedOrders(
  api: Api,
  cursor: string | undefined,
  signal?: AbortSignal,
  book: Book = 'real',
): Promise<ClosedPage> {
  const data = await api.get('user/orderList', {
    // Real money sends no book, exactly as before practice existed.
    query: { cursor, limit: CLOSED_PAGE_SIZE, ...(book === 'practice' && { book }) },
    signal,
  });
  return orderListSchema.parse(data);
}

/** The order with its ticks, the covering chain head, and the server's check of the chain. */
export async function fetchReceipt(api: Api, id: string, signal?: AbortSignal): Promise<Receipt> {
  return receiptSchema.parse(await api.get('user/orderReceipt', { query: { id }, signal }));
}

/**
 * One order by id, as cheaply as can be: an open order is in the (short) open list; once it is
 * not there it has settled, and its receipt carries the settled order.
 */
export async function fetchOrder(
  api: Api,
  id: string,
  symbol: string | undefined,
  signal?: AbortSignal,
): Promise<Order> {
  const open = await fetchOpenOrders(api, symbol, signal);
  const found = open.find((order) => order.id === id);
  if (found !== undefined) return found;
  return (await fetchReceipt(api, id, signal)).order;
}

export async function fetchTradeLimits(api: Api, signal?: AbortSignal): Promise<TradeLimits> {
  return tradeLimitsSchema.parse(await api.get('user/tradeLimits', { signal }));
}

/** The form of POST user/tradeLimits: every field a string, an empty one removes that limit. */
export interface TradeLimitsForm {
  dailyLossMoney: string;
  dailyLossUsdt: string;
  dailyTrades: string;
  reminderMinutes: string;
}

export async function saveTradeLimits(
  api: Api,
  form: TradeLimitsForm,
  tzMinutesEast: number,
): Promise<TradeLimits> {
  const data = await api.post('user/tradeLimits', {
    body: { ...form, tz: String(tzMinutesEast) },
  });
  return tradeLimitsSchema.parse(data);
}
