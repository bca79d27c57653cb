// The ledger's reconciliation queries and derived system balances.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from './books.js';
import type { SystemPurpose } from './ledger.schema.js';

/**
 * Reconciliation: each query reads the whole real ledger once. The practice book (books.ts) is
 * left out, so no report carries a practice amount; its journals still balance and its balances
 * stay non-negative by the database's own guards.
 */
export function createLedgerReconciliationRepository(db: Db) {
  return {
    async totalsByCurrency(): Promise<{ currency: string; total: bigint }[]> {
      const rows = await queryRows<{ currency: string; total: string }>(
        db,
        sql`select currency, coalesce(sum(amount_minor), 0)::text as total from ledger_posting
             where currency <> ${PRACTICE_CURRENCY} group by currency order by currency`,
      );
      return rows.map((r) => ({ currency: r.currency, total: BigInt(r.total) }));
    },

    async unbalancedJournals(
      limit: number,
    ): Promise<{ journalId: bigint; currency: string; total: bigint }[]> {
      const rows = await queryRows<{ journal_id: string; currency: string; total: string }>(
        db,
        sql`select journal_id::text, currency, sum(amount_minor)::text as total
              from ledger_posting where currency <> ${PRACTICE_CURRENCY}
             group by journal_id, currency
            having sum(amount_minor) <> 0 order by journal_id limit ${limit}`,
      );
      return rows.map((r) => ({
        journalId: BigInt(r.journal_id),
        currency: r.currency,
        total: BigInt(r.total),
      }));
    },

    async balanceMismatches(
      limit: number,
    ): Promise<{ accountId: bigint; cachedMinor: bigint; postedMinor: bigint }[]> {
      const rows = await queryRows<{ id: string; cached: string; posted: string }>(
        db,
        sql`select a.id::text, a.balance_minor::text as cached, coalesce(p.total, 0)::text as posted
              from ledger_account a
              left join (select account_id, sum(amount_minor) as total from ledger_posting group by account_id) p
                on p.account_id = a.id
             where a.user_id is not null and a.currency <> ${PRACTICE_CURRENCY}
               and a.balance_minor <> coalesce(p.total, 0)
             order by a.id limit ${limit}`,
      );
      return rows.map((r) => ({
        accountId: BigInt(r.id),
        cachedMinor: BigInt(r.cached),
        postedMinor: BigInt(r.posted),
      }));
    },

    async negativeUserBalances(
      limit: number,
    ): Promise<{ accountId: bigint; balanceMinor: bigint }[]> {
      const rows = await queryRows<{ id: string; balance: string }>(
        db,
        sql`select a.id::text, sum(p.amount_minor)::text as balance
              from ledger_account a join ledger_posting p on p.account_id = a.id
             where a.user_id is not null and a.currency <> ${PRACTICE_CURRENCY}
             group by a.id having sum(p.amount_minor) < 0 order by a.id limit ${limit}`,
      );
      return rows.map((r) => ({ accountId: BigInt(r.id), balanceMinor: BigInt(r.balance) }));
    },

    /** Derived balance of a system account (never cached). */
    async systemBalance(currency: string, purpose: SystemPurpose): Promise<bigint> {
      const [row] = await queryRows<{ total: string }>(
        db,
        sql`select coalesce(sum(p.amount_minor), 0)::text as total
              from ledger_posting p join ledger_account a on a.id = p.account_id
             where a.user_id is null and a.currency = ${currency} and a.purpose = ${purpose}`,
      );
      return BigInt(row?.total ?? '0');
    },
  };
}
