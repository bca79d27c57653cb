import { desc, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from './books.js';
import { ledgerReconciliation } from './ledger.schema.js';

export type ReconciliationRow = typeof ledgerReconciliation.$inferSelect;

/** Journals of one kind in one currency over a time range. */
export interface ActivityRow {
  kind: string;
  currency: string;
  journals: number;
  /** Σ positive postings: the money the journals moved (each balances, so also Σ negative). */
  amountMinor: bigint;
}

/** The ledger's reports for the back office: activity over a range, reconciliation runs. */
export function createLedgerReportsRepository(db: Db) {
  return {
    /** Real-money journals created from `from` up to and including `to` (no practice book). */
    async activity(from: Date, to: Date): Promise<ActivityRow[]> {
      const rows = await queryRows<{
        kind: string;
        currency: string;
        journals: string | number;
        amount: string;
      }>(
        db,
        sql`select j.kind, p.currency, count(distinct j.id) as journals,
                   coalesce(sum(p.amount_minor) filter (where p.amount_minor > 0), 0)::text as amount
              from ledger_journal j
              join ledger_posting p on p.journal_id = j.id
             where p.currency <> ${PRACTICE_CURRENCY}
               and j.created_at >= ${from.toISOString()}::timestamptz
               and j.created_at <= ${to.toISOString()}::timestamptz
             group by j.kind, p.currency
             order by j.kind, p.currency`,
      );
      return rows.map((r) => ({
        kind: r.kind,
        currency: r.currency,
        journals: Number(r.journals),
        amountMinor: BigInt(r.amount),
      }));
    },

    async insertReconciliation(row: Omit<ReconciliationRow, 'id'>): Promise<void> {
      await db.insert(ledgerReconciliation).values(row);
    },

    async pruneReconciliations(before: Date): Promise<void> {
      await db.delete(ledgerReconciliation).where(lt(ledgerReconciliation.checkedAt, before));
    },

    async lastReconciliation(): Promise<ReconciliationRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerReconciliation)
        .orderBy(desc(ledgerReconciliation.id))
        .limit(1);
      return row;
    },
  };
}
