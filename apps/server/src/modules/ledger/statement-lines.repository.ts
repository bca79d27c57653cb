// A user's statement as one line per event: each journal's postings on the user's accounts in
// one currency, summed into the change to available and to frozen funds, with the balances after.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { PRACTICE_CURRENCY } from './books.js';
import type { StatementFilter } from './statement.repository.js';

export type StatementLinesFilter = Omit<StatementFilter, 'purposes'>;

export interface StatementLine {
  journalId: bigint;
  createdAt: Date;
  kind: string;
  reference: string | null;
  currency: string;
  /** Signed change to the `available` account. */
  availableMinor: bigint;
  /** Signed change to the frozen accounts together (in orders, withdrawals, Earn principal). */
  frozenMinor: bigint;
  availableAfterMinor: bigint;
  frozenAfterMinor: bigint;
}

export interface StatementLinesPage {
  lines: StatementLine[];
  /** The last journal of the page when older journals exist (keyset, newest first). */
  nextBeforeId: bigint | null;
}

/**
 * Nothing here knows a journal kind: a line is whatever the journal did to the user's accounts,
 * so new kinds (recharge, withdrawal, Earn, …) read right without changes. Pages hold whole
 * journals; a journal moving two currencies (exchange) gives one line per currency, each with
 * its own running balance.
 */
export function createLedgerStatementLinesRepository(db: Db) {
  return {
    async statementLines(f: StatementLinesFilter): Promise<StatementLinesPage> {
      // Real money only: the practice book is never on a statement.
      const where: SQL[] = [
        sql`a.user_id = ${f.userId.toString()}::bigint`,
        sql`p.currency <> ${PRACTICE_CURRENCY}`,
      ];
      if (f.currency) where.push(sql`p.currency = ${f.currency}`);
      if (f.kinds?.length) where.push(sql`j.kind in (${sql.join([...f.kinds], sql`, `)})`);
      if (f.beforeId !== undefined)
        where.push(sql`p.journal_id < ${f.beforeId.toString()}::bigint`);
      if (f.from) where.push(sql`j.created_at >= ${f.from.toISOString()}::timestamptz`);
      if (f.to) where.push(sql`j.created_at < ${f.to.toISOString()}::timestamptz`);
      const filter = sql.join(where, sql` and `);
      // The balances after a line are each of the user's accounts in that currency as of the
      // line's last posting (index ledger_posting_account_idx). Postings of one account are
      // serialised by its row lock, and every user journal of a kind that exists today touches
      // `available`, so posting order is the order the user's balances changed in.
      const rows = await queryRows<{
        journal_id: string;
        created_at: string | Date;
        kind: string;
        reference: string | null;
        currency: string;
        available_minor: string;
        frozen_minor: string;
        available_after: string;
        frozen_after: string;
      }>(
        db,
        sql`with page as (
              select distinct p.journal_id
                from ledger_posting p
                join ledger_account a on a.id = p.account_id
                join ledger_journal j on j.id = p.journal_id
               where ${filter}
               order by p.journal_id desc
               limit ${f.limit + 1}
            ), lines as (
              select p.journal_id, p.currency,
                     coalesce(sum(p.amount_minor) filter (where a.purpose = 'available'), 0) as available_minor,
                     coalesce(sum(p.amount_minor) filter (where a.purpose <> 'available'), 0) as frozen_minor,
                     max(p.id) as last_posting_id
                from ledger_posting p
                join ledger_account a on a.id = p.account_id
                join ledger_journal j on j.id = p.journal_id
               where ${filter}
                 and p.journal_id in (select journal_id from page)
               group by p.journal_id, p.currency
            )
            select l.journal_id::text, j.created_at, j.kind, j.reference, l.currency,
                   l.available_minor::text, l.frozen_minor::text,
                   b.available_after::text, b.frozen_after::text
              from lines l
              join ledger_journal j on j.id = l.journal_id
              cross join lateral (
                select coalesce(sum(x.bal) filter (where a2.purpose = 'available'), 0) as available_after,
                       coalesce(sum(x.bal) filter (where a2.purpose <> 'available'), 0) as frozen_after
                  from ledger_account a2
                  cross join lateral (
                    select p2.balance_after_minor as bal
                      from ledger_posting p2
                     where p2.account_id = a2.id and p2.id <= l.last_posting_id
                     order by p2.id desc
                     limit 1
                  ) x
                 where a2.user_id = ${f.userId.toString()}::bigint and a2.currency = l.currency
              ) b
             order by l.journal_id desc, l.currency`,
      );
      const lines = rows.map((r): StatementLine => ({
        journalId: BigInt(r.journal_id),
        createdAt: new Date(r.created_at),
        kind: r.kind,
        reference: r.reference,
        currency: r.currency,
        availableMinor: BigInt(r.available_minor),
        frozenMinor: BigInt(r.frozen_minor),
        availableAfterMinor: BigInt(r.available_after),
        frozenAfterMinor: BigInt(r.frozen_after),
      }));
      const journals = [...new Set(lines.map((l) => l.journalId))];
      if (journals.length <= f.limit) return { lines, nextBeforeId: null };
      const last = journals[f.limit - 1] ?? null;
      return {
        lines: lines.filter((l) => last !== null && l.journalId >= last),
        nextBeforeId: last,
      };
    },
  };
}
