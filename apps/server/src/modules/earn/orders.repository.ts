// Earn orders: creating one, the caller's reads (always scoped by user), closing one early.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { earnAccrual, earnOrder } from './earn.schema.js';

export type OrderRow = typeof earnOrder.$inferSelect;
export type NewOrder = Omit<typeof earnOrder.$inferInsert, 'id'>;
export type AccrualRow = typeof earnAccrual.$inferSelect;

export function createOrdersRepository(db: Db) {
  return {
    async insert(order: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(earnOrder).values(order).returning();
      if (!row) throw new Error('earn order insert returned nothing');
      return row;
    },

    async ofUser(userId: bigint, id: bigint): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(earnOrder)
        .where(and(eq(earnOrder.id, id), eq(earnOrder.userId, userId)));
      return row;
    },

    /** The caller's order, locked: an accrual batch holding it makes this wait, not skip. */
    async ofUserForUpdate(userId: bigint, id: bigint): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(earnOrder)
        .where(and(eq(earnOrder.id, id), eq(earnOrder.userId, userId)))
        .for('update');
      return row;
    },

    /** A page of the caller's orders in one state, newest first. */
    async page(
      userId: bigint,
      status: OrderRow['status'],
      cursor: bigint | undefined,
      limit: number,
    ): Promise<OrderRow[]> {
      return db
        .select()
        .from(earnOrder)
        .where(
          and(
            eq(earnOrder.userId, userId),
            eq(earnOrder.status, status),
            cursor === undefined ? undefined : lt(earnOrder.id, cursor),
          ),
        )
        .orderBy(desc(earnOrder.id))
        .limit(limit);
    },

    /** An order's paid days, newest first. */
    async incomes(orderId: bigint): Promise<AccrualRow[]> {
      return db
        .select()
        .from(earnAccrual)
        .where(eq(earnAccrual.orderId, orderId))
        .orderBy(desc(earnAccrual.day));
    },

    /** Closes a Hosting order early; false if it was not Hosting. */
    async cancel(
      id: bigint,
      values: { closedAtMs: number; damagesMinor: bigint; refundMinor: bigint; journalId: bigint },
    ): Promise<boolean> {
      const rows = await db
        .update(earnOrder)
        .set({
          status: 'cancelled',
          closedAtMs: values.closedAtMs,
          damagesMinor: values.damagesMinor,
          refundMinor: values.refundMinor,
          closeJournalId: values.journalId,
        })
        .where(and(eq(earnOrder.id, id), eq(earnOrder.status, 'hosting')))
        .returning({ id: earnOrder.id });
      return rows.length === 1;
    },

    /** Per currency: principal Hosting, interest ever paid, and interest paid for `day`. */
    async summary(
      userId: bigint,
      day: number,
    ): Promise<
      { currency: string; held: bigint; earned: bigint; hosting: number; dayIncome: bigint }[]
    > {
      const rows = await queryRows<{
        currency: string;
        held: string;
        earned: string;
        hosting: string;
        day_income: string;
      }>(
        db,
        sql`select o.currency,
                   coalesce(sum(o.principal_minor) filter (where o.status = 'hosting'), 0) as held,
                   coalesce(sum(o.interest_paid_minor), 0) as earned,
                   count(*) filter (where o.status = 'hosting') as hosting,
                   coalesce(sum((select a.amount_minor from earn_accrual a
                                  where a.order_id = o.id and a.day = ${day})), 0) as day_income
              from earn_order o
             where o.user_id = ${userId}
             group by o.currency`,
      );
      return rows.map((r) => ({
        currency: r.currency,
        held: BigInt(r.held),
        earned: BigInt(r.earned),
        hosting: Number(r.hosting),
        dayIncome: BigInt(r.day_income),
      }));
    },
  };
}
