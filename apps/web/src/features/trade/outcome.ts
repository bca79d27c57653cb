import type { Direction, Order, OrderStatus } from '@ampere/contract';

/** How a figure is coloured: gains green, losses red, the rest plain. */
export type Tone = 'up' | 'down' | 'flat';

const PRICE = /^(-?)(\d{1,30})(?:\.(\d{1,18}))?$/;

/** −1, 0 or 1 as decimal `a` is below, equal to or above `b`; undefined if either is not one. */
export function comparePrices(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = PRICE.exec(a);
  const y = PRICE.exec(b);
  if (x === null || y === null) return undefined;
  const scale = Math.max(x[3]?.length ?? 0, y[3]?.length ?? 0);
  const units = (m: RegExpExecArray) => {
    const magnitude = BigInt(`${m[2] ?? '0'}${(m[3] ?? '').padEnd(scale, '0')}`);
    return m[1] === '-' ? -magnitude : magnitude;
  };
  const [p, q] = [units(x), units(y)];
  return p < q ? -1 : p > q ? 1 : 0;
}

/** Where an open order stands against its strike at `price`, by the settlement rule. */
export type Standing = 'winning' | 'losing' | 'level';

export function standingOf(direction: Direction, strike: string, price: string): Standing {
  const side = comparePrices(price, strike);
  if (side === undefined || side === 0) return 'level';
  return (side === 1) === (direction === 'up') ? 'winning' : 'losing';
}

export const STANDING_TONE: Record<Standing, Tone> = {
  winning: 'up',
  losing: 'down',
  level: 'flat',
};

/** SPEC §4: an order is Trading while open, Closed once it has an outcome. */
export function isClosed(status: OrderStatus): boolean {
  return status !== 'open';
}

export type Outcome = Exclude<OrderStatus, 'open'>;

export const OUTCOME_TONE: Record<OrderStatus, Tone> = {
  open: 'flat',
  won: 'up',
  lost: 'down',
  tie: 'flat',
  void: 'flat',
};

/** A signed amount as shown: "+80.00", "-100.00", "0.00"; the tone follows the sign. */
export function signed(value: string): { sign: '+' | '-' | ''; magnitude: string; tone: Tone } {
  const negative = value.startsWith('-');
  const magnitude = negative ? value.slice(1) : value;
  if (/^[0.]+$/.test(magnitude)) return { sign: '', magnitude, tone: 'flat' };
  return negative ? { sign: '-', magnitude, tone: 'down' } : { sign: '+', magnitude, tone: 'up' };
}

/**
 * What an order's result line says (SPEC §3 "profit and loss"): the profit of a win, the stake
 * lost, or the stake refunded on a tie or a void. Undefined while the order is open.
 */
export interface OutcomeFigure {
  outcome: Outcome;
  /** The signed profit: positive on a win, −stake on a loss, zero on a tie or void. */
  profit: string;
  /** What came back to the available balance: stake + profit, nothing, or the stake. */
  payout: string;
  tone: Tone;
  /** A tie and a void give the stake back. */
  refunded: boolean;
}

export function outcomeFigure(order: Order): OutcomeFigure | undefined {
  if (order.status === 'open' || order.profit === null || order.payout === null) return undefined;
  return {
    outcome: order.status,
    profit: order.profit,
    payout: order.payout,
    tone: OUTCOME_TONE[order.status],
    refunded: order.status === 'tie' || order.status === 'void',
  };
}

/**
 * The newer of two versions of one order: a settled order never goes back to open, whatever
 * order a push and a poll arrive in.
 */
export function newerOrder(current: Order | undefined, incoming: Order): Order {
  if (current?.id !== incoming.id) return incoming;
  if (isClosed(current.status) && !isClosed(incoming.status)) return current;
  return incoming;
}
