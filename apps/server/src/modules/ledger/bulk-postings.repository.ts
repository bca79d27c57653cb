// The ledger's bulk writes: many journals in a handful of statements (settlement).
import { sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import type { UserAccountRow } from './accounts.repository.js';
import type { NewJournal, NewPosting } from './journals.repository.js';

/** Many journals in a handful of statements (settlement): lock, apply, insert in bulk. */
export function createLedgerBulkRepository(db: Db) {
  return {
    /**
     * Locks the given user accounts in (user, currency, purpose) order — the order single
     * postings lock in, so bulk and single writers cannot deadlock — and returns them.
     */
    async lockUserAccounts(
      keys: readonly { userId: bigint; currency: string; purpose: string }[],
    ): Promise<(UserAccountRow & { userId: bigint })[]> {
      if (keys.length === 0) return [];
      const rows = await queryRows<{
        id: string;
        user_id: string;
        currency: string;
        purpose: string;
        balance_minor: string;
      }>(
        db,
        sql`select a.id, a.user_id, a.currency, a.purpose, a.balance_minor
              from ledger_account a
              join unnest(${pgArray(keys.map((k) => k.userId))}::bigint[],
                          ${pgArray(keys.map((k) => k.currency))}::text[],
                          ${pgArray(keys.map((k) => k.purpose))}::text[]) as k(user_id, currency, purpose)
                on a.user_id = k.user_id and a.currency = k.currency and a.purpose = k.purpose
             order by a.user_id, a.currency, a.purpose
             for update of a`,
      );
      return rows.map((r) => ({
        id: BigInt(r.id),
        userId: BigInt(r.user_id),
        currency: r.currency,
        purpose: r.purpose,
        balanceMinor: BigInt(r.balance_minor),
      }));
    },

    /** Applies summed deltas to locked accounts; returns the new balances of those it applied
     * (an account that would go negative is left out, and the caller refuses the batch). */
    async applyDeltas(
      deltas: readonly { id: bigint; delta: bigint }[],
    ): Promise<{ id: bigint; balanceMinor: bigint }[]> {
      if (deltas.length === 0) return [];
      const rows = await queryRows<{ id: string; balance_minor: string }>(
        db,
        sql`update ledger_account a set balance_minor = a.balance_minor + v.delta
              from unnest(${pgArray(deltas.map((d) => d.id))}::bigint[],
                          ${pgArray(deltas.map((d) => d.delta))}::bigint[]) as v(id, delta)
             where a.id = v.id and a.balance_minor + v.delta >= 0
         returning a.id, a.balance_minor`,
      );
      return rows.map((r) => ({ id: BigInt(r.id), balanceMinor: BigInt(r.balance_minor) }));
    },

    async nextJournalIds(n: number): Promise<bigint[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select nextval(pg_get_serial_sequence('ledger_journal', 'id')) as id
              from generate_series(1, ${n})`,
      );
      return rows.map((r) => BigInt(r.id));
    },

    async insertJournalsWithIds(journals: readonly (NewJournal & { id: bigint })[]) {
      if (journals.length === 0) return;
      const col = (f: (j: NewJournal & { id: bigint }) => string | bigint | null) =>
        journals.map(f);
      await db.execute(
        sql`insert into ledger_journal (id, kind, reference, user_id, actor, memo, reverses_id, created_at)
            overriding system value
            select * from unnest(
              ${pgArray(col((j) => j.id))}::bigint[], ${pgArray(col((j) => j.kind))}::text[],
              ${pgArray(col((j) => j.reference))}::text[], ${pgArray(col((j) => j.userId))}::bigint[],
              ${pgArray(col((j) => j.actor))}::text[], ${pgArray(col((j) => j.memo))}::text[],
              ${pgArray(col((j) => j.reversesId))}::bigint[],
              ${pgArray(col((j) => j.createdAt.toISOString()))}::timestamptz[])`,
      );
    },

    /** One statement: every journal's postings arrive together (the balance check is per statement). */
    async insertPostingsBulk(postings: readonly (NewPosting & { journalId: bigint })[]) {
      if (postings.length === 0) return;
      const col = (f: (p: NewPosting & { journalId: bigint }) => string | bigint | null) =>
        postings.map(f);
      await db.execute(
        sql`insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
            select * from unnest(
              ${pgArray(col((p) => p.journalId))}::bigint[], ${pgArray(col((p) => p.accountId))}::bigint[],
              ${pgArray(col((p) => p.currency))}::text[], ${pgArray(col((p) => p.amountMinor))}::bigint[],
              ${pgArray(col((p) => p.balanceAfterMinor))}::bigint[])`,
      );
    },
  };
}
