import type { Order } from '@ampere/contract';

/** An order as the server sends it, for tests: 100.00 CNY up for 30 s at 80 %. */
export function testOrder(patch: Partial<Order> = {}): Order {
  return {
    id: '42',
    symbol: 'BTC/USDT',
    name: 'Bitcoin',
    direction: 'up',
    currency: 'money',
    book: 'real',
    amount: '100.00',
    period: 30,
    payoutRate: '0.8',
    status: 'open',
    strikePrice: '3400.00',
    strikeTime: 1_700_000_000_000,
    openedAt: 1_700_000_000_100,
    expiresAt: 1_700_000_030_100,
    secondsRemaining: 30,
    exitPrice: null,
    exitTime: null,
    payout: null,
    profit: null,
    settledAt: null,
    ...patch,
  };
}

type Outcome = 'won' | 'lost' | 'tie' | 'void';

/**
 * The order settled with `outcome` at `exit`, by the worked example of docs/trading-rules.md:
 * 100.00 CNY at 80 % pays 180.00 on a win, 0 on a loss, 100.00 back on a tie or a void.
 */
export function settled(outcome: Outcome, exit: string | null, patch: Partial<Order> = {}): Order {
  const base = testOrder(patch);
  const payout = { won: '180.00', lost: '0.00', tie: '100.00', void: '100.00' }[outcome];
  const profit = { won: '80.00', lost: '-100.00', tie: '0.00', void: '0.00' }[outcome];
  return {
    ...base,
    status: outcome,
    secondsRemaining: 0,
    exitPrice: exit,
    exitTime: exit === null ? null : base.expiresAt - 200,
    payout,
    profit,
    settledAt: base.expiresAt + 900,
    ...patch,
  };
}
