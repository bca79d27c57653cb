// The ledger's journals one at a time: writing one with its postings, reading one back.
import { asc, eq, sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import { ledgerAccount, ledgerJournal, ledgerPosting } from './ledger.schema.js';

export interface NewJournal {
  kind: string;
  reference: string | null;
  userId: bigint | null;
  actor: string;
  memo: string | null;
  reversesId: bigint | null;
  createdAt: Date;
}

export interface NewPosting {
  accountId: bigint;
  currency: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint | null;
}

/** One journal and its postings: written in one statement, read back to reverse it. */
export function createLedgerJournalsRepository(db: Db) {
  return {
    /** A journal and all its postings in one statement (one round trip; the balance trigger
     * sees them together). */
    async insertJournalWithPostings(
      journal: NewJournal,
      postings: readonly NewPosting[],
    ): Promise<{ id: bigint; createdAt: Date }> {
      const col = (f: (p: NewPosting) => string | bigint | null) => pgArray(postings.map(f));
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`with j as (
              insert into ledger_journal (kind, reference, user_id, actor, memo, reverses_id, created_at)
              values (${journal.kind}, ${journal.reference}, ${journal.userId}, ${journal.actor},
                      ${journal.memo}, ${journal.reversesId}, ${journal.createdAt.toISOString()}::timestamptz)
              returning id),
            p as (
              insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
              select j.id, v.account_id, v.currency, v.amount_minor, v.balance_after_minor
                from j, unnest(${col((p) => p.accountId)}::bigint[], ${col((p) => p.currency)}::text[],
                               ${col((p) => p.amountMinor)}::bigint[],
                               ${col((p) => p.balanceAfterMinor)}::bigint[])
                     as v(account_id, currency, amount_minor, balance_after_minor))
            select id from j`,
      );
      if (!row) throw new Error('journal insert returned no row');
      return { id: BigInt(row.id), createdAt: journal.createdAt };
    },

    async journalWithPostings(journalId: bigint) {
      const [journal] = await db
        .select()
        .from(ledgerJournal)
        .where(eq(ledgerJournal.id, journalId));
      if (!journal) return undefined;
      const postings = await db
        .select({
          accountId: ledgerPosting.accountId,
          currency: ledgerPosting.currency,
          amountMinor: ledgerPosting.amountMinor,
          userId: ledgerAccount.userId,
          purpose: ledgerAccount.purpose,
        })
        .from(ledgerPosting)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerPosting.accountId))
        .where(eq(ledgerPosting.journalId, journalId))
        .orderBy(asc(ledgerPosting.id));
      return { journal, postings };
    },
  };
}
