// A user's statement: their postings, filtered, newest first.
import { and, desc, eq, inArray, lt, sql, ne } from 'drizzle-orm';
import type { CurrencyKey } from '@ampere/contract';
import { PRACTICE_CURRENCY } from './books.js';
import type { Db } from '../../db/client.js';
import { ledgerAccount, ledgerJournal, ledgerPosting } from './ledger.schema.js';

export interface StatementFilter {
  userId: bigint;
  currency?: CurrencyKey | undefined;
  kinds?: readonly string[] | undefined;
  purposes?: readonly string[] | undefined;
  /** Only postings with a smaller id (keyset pagination, newest first). */
  beforeId?: bigint | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
}

export interface StatementRow {
  postingId: bigint;
  journalId: bigint;
  createdAt: Date;
  kind: string;
  reference: string | null;
  memo: string | null;
  currency: string;
  purpose: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint | null;
}

/** A user's postings for their statement (keyset pagination). */
export function createLedgerStatementRepository(db: Db) {
  return {
    /** The user's postings, newest first, by keyset on the posting id. */
    async statement(f: StatementFilter): Promise<StatementRow[]> {
      // A statement is real money only: the practice book is never on it.
      const conditions = [
        eq(ledgerAccount.userId, f.userId),
        ne(ledgerPosting.currency, PRACTICE_CURRENCY),
      ];
      if (f.currency) conditions.push(eq(ledgerPosting.currency, f.currency));
      if (f.kinds?.length) conditions.push(inArray(ledgerJournal.kind, [...f.kinds]));
      if (f.purposes?.length) conditions.push(inArray(ledgerAccount.purpose, [...f.purposes]));
      if (f.beforeId !== undefined) conditions.push(lt(ledgerPosting.id, f.beforeId));
      if (f.from) conditions.push(sql`${ledgerJournal.createdAt} >= ${f.from}`);
      if (f.to) conditions.push(sql`${ledgerJournal.createdAt} < ${f.to}`);
      return db
        .select({
          postingId: ledgerPosting.id,
          journalId: ledgerJournal.id,
          createdAt: ledgerJournal.createdAt,
          kind: ledgerJournal.kind,
          reference: ledgerJournal.reference,
          memo: ledgerJournal.memo,
          currency: ledgerPosting.currency,
          purpose: ledgerAccount.purpose,
          amountMinor: ledgerPosting.amountMinor,
          balanceAfterMinor: ledgerPosting.balanceAfterMinor,
        })
        .from(ledgerPosting)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerPosting.accountId))
        .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPosting.journalId))
        .where(and(...conditions))
        .orderBy(desc(ledgerPosting.id))
        .limit(f.limit);
    },
  };
}
