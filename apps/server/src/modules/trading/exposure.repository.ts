import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from '../ledger/ledger.service.js';

/** Open orders of one product, direction and currency (minor units). */
export interface ExposureRow {
  symbol: string;
  direction: string;
  currency: string;
  orders: number;
  stakeMinor: bigint;
  payoutIfWonMinor: bigint;
}

/** What the open real-money orders stand to pay (the dashboard); never the practice book. */
export function createExposureRepository(db: Db) {
  return {
    /**
     * Σ stakes of open orders per product, direction and currency, and what they would pay back
     * if every one won: Σ stake + profit, each order's profit rounded half-even to the minor unit
     * as the rule does (rules.ts `decide`). In numeric, so no product of stake and rate can
     * overflow int8.
     */
    async openExposure(): Promise<ExposureRow[]> {
      const rows = await queryRows<{
        symbol: string;
        direction: string;
        currency: string;
        orders: string | number;
        stake: string;
        payout: string;
      }>(
        db,
        sql`with o as (
              select symbol, direction, currency, stake_minor,
                     div(stake_minor::numeric * payout_bps, 10000) as q,
                     mod(stake_minor::numeric * payout_bps, 10000) as r
                from trade_order where status = 'open' and currency <> ${PRACTICE_CURRENCY})
            select symbol, direction, currency, count(*) as orders,
                   sum(stake_minor)::text as stake,
                   sum(stake_minor + q + case when r > 5000 or (r = 5000 and mod(q, 2) = 1)
                                              then 1 else 0 end)::text as payout
              from o
             group by symbol, direction, currency
             order by symbol, direction, currency`,
      );
      return rows.map((r) => ({
        symbol: r.symbol,
        direction: r.direction,
        currency: r.currency,
        orders: Number(r.orders),
        stakeMinor: BigInt(r.stake),
        payoutIfWonMinor: BigInt(r.payout),
      }));
    },
  };
}
