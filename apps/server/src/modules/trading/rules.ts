import {
  formatScaled,
  roundHalfEven,
  type CurrencyKey,
  type Direction,
  type OrderStatus,
} from '@ampere/contract';
import type { PostingSpec } from '../ledger/ledger.service.js';
import { STALE_AFTER_MS } from '../market/market.service.js';
import type { OrderRow } from './trading.repository.js';

/** The trading rules as pure functions: outcomes, rates, days, the settlement postings. */

/** An expired order whose feed has not ticked past expiry is settled this long after expiry. */
export const SETTLE_FINAL_AFTER_MS = STALE_AFTER_MS;

const BPS = 10_000n;

export interface Outcome {
  status: Exclude<OrderStatus, 'open'>;
  /** What returns to the user's available balance. */
  payoutMinor: bigint;
}

/**
 * The rule (BRIEF §4), and the only thing that decides an outcome: strike, exit, direction,
 * stake and the rate fixed at acceptance. Profit is stake × rate rounded half-even to the
 * currency's minor unit.
 */
export function decide(
  direction: Direction,
  strikeMinor: bigint,
  exitMinor: bigint | undefined,
  stakeMinor: bigint,
  payoutBps: number,
): Outcome {
  if (exitMinor === undefined) return { status: 'void', payoutMinor: stakeMinor };
  if (exitMinor === strikeMinor) return { status: 'tie', payoutMinor: stakeMinor };
  const up = exitMinor > strikeMinor;
  if (up === (direction === 'up')) {
    return {
      status: 'won',
      payoutMinor: stakeMinor + roundHalfEven(stakeMinor * BigInt(payoutBps), BPS),
    };
  }
  return { status: 'lost', payoutMinor: 0n };
}

/** "0.85" for 8500 bps. */
export function rateText(bps: number): string {
  return formatScaled(BigInt(bps), 4).replace(/0+$/, '').replace(/\.$/, '');
}

export function settlementPostings(
  order: Pick<OrderRow, 'userId' | 'currency' | 'stakeMinor'>,
  outcome: Outcome,
): PostingSpec[] {
  const currency = order.currency as CurrencyKey;
  const user = (purpose: 'available' | 'in_order') => ({
    userId: order.userId,
    currency,
    purpose,
  });
  const house = { system: 'house_trading' as const, currency };
  const stake = order.stakeMinor;
  const postings: PostingSpec[] = [{ account: user('in_order'), amountMinor: -stake }];
  if (outcome.status === 'lost') {
    postings.push({ account: house, amountMinor: stake });
  } else {
    postings.push({ account: user('available'), amountMinor: outcome.payoutMinor });
    const profit = outcome.payoutMinor - stake;
    if (profit > 0n) postings.push({ account: house, amountMinor: -profit });
  }
  return postings;
}

/** The journal kind of each outcome. */
export const KIND_OF = {
  won: 'trade_win',
  lost: 'trade_loss',
  tie: 'trade_refund',
  void: 'trade_refund',
} as const;
