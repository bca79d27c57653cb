import { currencyKeySchema, orderSchema } from '@ampere/contract';
import type { CurrencyKey, Order } from '@ampere/contract';
import { createContext, use, useEffect, useRef } from 'react';

/**
 * The signed-in user's private socket channels (BRIEF §5): `orders` pushes an order whenever one
 * is placed or settled, `balance` says which currency's balance changed. The app provides the
 * way to watch them (app/socket.tsx), so this feature never reaches into app/ itself.
 */
export type UserChannel = 'orders' | 'balance';
export type WatchUserChannel = (ch: UserChannel, listener: (data: unknown) => void) => () => void;

export const UserChannelContext = createContext<WatchUserChannel | undefined>(undefined);

/** Keeps the latest callback without resubscribing when it changes identity. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

function useChannel(ch: UserChannel, onData: (data: unknown) => void): void {
  const watch = use(UserChannelContext);
  const latest = useLatest(onData);
  useEffect(() => {
    // Without a provider (a test, a page that does not stream) the polls still keep things fresh.
    if (watch === undefined) return;
    return watch(ch, (data) => {
      latest.current(data);
    });
  }, [watch, ch, latest]);
}

/** Calls `onOrder` with every pushed order; anything that is not one is ignored. */
export function useOrderPushes(onOrder: (order: Order) => void): void {
  useChannel('orders', (data) => {
    const parsed = orderSchema.safeParse(data);
    if (parsed.success) onOrder(parsed.data);
  });
}

/** Calls `onChange` with the currency whose balance changed. */
export function useBalancePushes(onChange: (currency: CurrencyKey) => void): void {
  useChannel('balance', (data) => {
    const currency =
      typeof data === 'object' && data !== null && 'currency' in data ? data.currency : undefined;
    const parsed = currencyKeySchema.safeParse(currency);
    if (parsed.success) onChange(parsed.data);
  });
}
