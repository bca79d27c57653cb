// Accrual's SQL: claiming due orders a batch at a time, recording a batch's days at once.
import { sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import type { OrderRow } from './orders.repository.js';

type Int8 = string | number;
interface RawOrder {
  id: Int8;
  user_id: Int8;
  product_id: Int8;
  currency: string;
  principal_minor: Int8;
  rate_e8: Int8;
  cycle_days: number;
  penalty_bps: number;
  start_day: number;
  accrued_days: number;
  next_due_day: number;
  interest_paid_minor: Int8;
  status: string;
  created_at_ms: Int8;
  closed_at_ms: Int8 | null;
  damages_minor: Int8 | null;
  refund_minor: Int8 | null;
  open_journal_id: Int8;
  close_journal_id: Int8 | null;
}

const big = (v: Int8) => BigInt(v);
const bigOrNull = (v: Int8 | null) => (v === null ? null : BigInt(v));

function fromRaw(r: RawOrder): OrderRow {
  return {
    id: big(r.id),
    userId: big(r.user_id),
    productId: big(r.product_id),
    currency: r.currency,
    principalMinor: big(r.principal_minor),
    rateE8: big(r.rate_e8),
    cycleDays: r.cycle_days,
    penaltyBps: r.penalty_bps,
    startDay: r.start_day,
    accruedDays: r.accrued_days,
    nextDueDay: r.next_due_day,
    interestPaidMinor: big(r.interest_paid_minor),
    status: r.status,
    createdAtMs: Number(r.created_at_ms),
    closedAtMs: r.closed_at_ms === null ? null : Number(r.closed_at_ms),
    damagesMinor: bigOrNull(r.damages_minor),
    refundMinor: bigOrNull(r.refund_minor),
    openJournalId: big(r.open_journal_id),
    closeJournalId: bigOrNull(r.close_journal_id),
  };
}

/** A place in the due index's order (`next_due_day`, `id`): where a claim starts after. */
export interface DueKey {
  day: number;
  id: bigint;
}

/** One order's day as a batch records it. */
export interface AccruedDay {
  orderId: bigint;
  /** The day the interest is for (`start_day + accrued_days` before this payment). */
  day: number;
  amountMinor: bigint;
  /** The interest journal; null when the day's interest rounds to 0. */
  journalId: bigint | null;
  /** The maturity journal when this was the last day, else null. */
  matureJournalId: bigint | null;
}

export function createAccruingRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` Hosting orders whose next day is due by `today`, oldest due first,
     * locked (`FOR UPDATE SKIP LOCKED`: another worker takes other rows instead of waiting),
     * starting after `after` in the due index's order when given. Call inside a transaction.
     */
    async claimDue(today: number, limit: number, after: DueKey | null = null): Promise<OrderRow[]> {
      const past = after ? sql`and (next_due_day, id) > (${after.day}, ${after.id})` : sql``;
      const rows = await queryRows<RawOrder>(
        db,
        sql`select * from earn_order
             where status = 'hosting' and next_due_day <= ${today} ${past}
             order by next_due_day, id
             limit ${limit}
             for update skip locked`,
      );
      return rows.map(fromRaw);
    },

    /**
     * Records a batch's days in two statements: the accrual rows (the primary key refuses a
     * second payment of any (order, day) — the whole batch then rolls back), and the orders
     * moved one day on, closed as Settled on their last. Returns how many orders moved.
     */
    async recordDays(days: readonly AccruedDay[], paidAtMs: number): Promise<number> {
      if (days.length === 0) return 0;
      const col = (f: (d: AccruedDay) => string | number | bigint | null) => pgArray(days.map(f));
      await db.execute(
        sql`insert into earn_accrual (order_id, day, amount_minor, journal_id, paid_at_ms)
            select v.order_id, v.day, v.amount_minor, v.journal_id, ${paidAtMs}
              from unnest(${col((d) => d.orderId)}::bigint[], ${col((d) => d.day)}::integer[],
                          ${col((d) => d.amountMinor)}::bigint[], ${col((d) => d.journalId)}::bigint[])
                   as v(order_id, day, amount_minor, journal_id)`,
      );
      const moved = await queryRows<{ id: string }>(
        db,
        sql`update earn_order o
               set accrued_days = o.accrued_days + 1,
                   next_due_day = o.next_due_day + 1,
                   interest_paid_minor = o.interest_paid_minor + v.amount_minor,
                   status = case when v.mature_journal_id is null then 'hosting' else 'settled' end,
                   closed_at_ms = case when v.mature_journal_id is null then null else ${paidAtMs}::bigint end,
                   damages_minor = case when v.mature_journal_id is null then null else 0::bigint end,
                   refund_minor = case when v.mature_journal_id is null then null else o.principal_minor end,
                   close_journal_id = v.mature_journal_id
              from unnest(${col((d) => d.orderId)}::bigint[], ${col((d) => d.day)}::integer[],
                          ${col((d) => d.amountMinor)}::bigint[], ${col((d) => d.matureJournalId)}::bigint[])
                   as v(id, day, amount_minor, mature_journal_id)
             where o.id = v.id and o.status = 'hosting' and o.start_day + o.accrued_days = v.day
         returning o.id`,
      );
      return moved.length;
    },
  };
}
