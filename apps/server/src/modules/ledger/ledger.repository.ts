import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CurrencyKey } from '@ampere/contract';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import {
  ledgerAccount,
  ledgerJournal,
  ledgerPosting,
  SYSTEM_PURPOSES,
  USER_PURPOSES,
  type SystemPurpose,
  type UserPurpose,
} from './ledger.schema.js';

const CURRENCY_KEYS: readonly CurrencyKey[] = ['money', 'usdt'];

export interface UserAccountRow {
  id: bigint;
  currency: string;
  purpose: string;
  balanceMinor: bigint;
}

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

/** All SQL of the ledger. Nothing outside the ledger module touches these tables. */
export function createLedgerRepository(db: Db) {
  return {
    /** Opens a user's eight accounts (4 purposes × 2 currencies); safe to repeat. */
    async openUserAccounts(userId: bigint): Promise<void> {
      await db
        .insert(ledgerAccount)
        .values(
          CURRENCY_KEYS.flatMap((currency) =>
            USER_PURPOSES.map((purpose) => ({ userId, currency, purpose })),
          ),
        )
        .onConflictDoNothing();
    },

    /** Opens every system account; run at seed time. */
    async openSystemAccounts(): Promise<void> {
      await db
        .insert(ledgerAccount)
        .values(
          CURRENCY_KEYS.flatMap((currency) =>
            SYSTEM_PURPOSES.map((purpose) => ({ userId: null, currency, purpose })),
          ),
        )
        .onConflictDoNothing();
    },

    async systemAccountIds(): Promise<{ id: bigint; currency: string; purpose: string }[]> {
      return db
        .select({
          id: ledgerAccount.id,
          currency: ledgerAccount.currency,
          purpose: ledgerAccount.purpose,
        })
        .from(ledgerAccount)
        .where(isNull(ledgerAccount.userId));
    },

    /**
     * Applies a delta to a user account's cached balance unless it would go below zero, and
     * returns the new balance; undefined when refused (or the account does not exist). The row
     * lock this takes serializes concurrent movements of the same account.
     */
    async applyUserDelta(
      userId: bigint,
      currency: string,
      purpose: UserPurpose,
      deltaMinor: bigint,
    ): Promise<{ id: bigint; balanceMinor: bigint } | undefined> {
      const [row] = await db
        .update(ledgerAccount)
        .set({ balanceMinor: sql`${ledgerAccount.balanceMinor} + ${deltaMinor}` })
        .where(
          and(
            eq(ledgerAccount.userId, userId),
            eq(ledgerAccount.currency, currency),
            eq(ledgerAccount.purpose, purpose),
            sql`${ledgerAccount.balanceMinor} + ${deltaMinor} >= 0`,
          ),
        )
        .returning({ id: ledgerAccount.id, balanceMinor: ledgerAccount.balanceMinor });
      return row;
    },

    async userAccountExists(
      userId: bigint,
      currency: string,
      purpose: UserPurpose,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: ledgerAccount.id })
        .from(ledgerAccount)
        .where(
          and(
            eq(ledgerAccount.userId, userId),
            eq(ledgerAccount.currency, currency),
            eq(ledgerAccount.purpose, purpose),
          ),
        );
      return rows.length > 0;
    },

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

    // ---- bulk: many journals in a handful of statements (settlement) ----

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

    async userAccounts(userId: bigint): Promise<UserAccountRow[]> {
      return db
        .select({
          id: ledgerAccount.id,
          currency: ledgerAccount.currency,
          purpose: ledgerAccount.purpose,
          balanceMinor: ledgerAccount.balanceMinor,
        })
        .from(ledgerAccount)
        .where(eq(ledgerAccount.userId, userId));
    },

    /** The user's postings, newest first, by keyset on the posting id. */
    async statement(f: StatementFilter): Promise<StatementRow[]> {
      const conditions = [eq(ledgerAccount.userId, f.userId)];
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

    // ---- reconciliation: each query reads the whole ledger once ----

    async totalsByCurrency(): Promise<{ currency: string; total: bigint }[]> {
      const rows = await queryRows<{ currency: string; total: string }>(
        db,
        sql`select currency, coalesce(sum(amount_minor), 0)::text as total from ledger_posting group by currency order by currency`,
      );
      return rows.map((r) => ({ currency: r.currency, total: BigInt(r.total) }));
    },

    async unbalancedJournals(
      limit: number,
    ): Promise<{ journalId: bigint; currency: string; total: bigint }[]> {
      const rows = await queryRows<{ journal_id: string; currency: string; total: string }>(
        db,
        sql`select journal_id::text, currency, sum(amount_minor)::text as total
              from ledger_posting group by journal_id, currency
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
             where a.user_id is not null and a.balance_minor <> coalesce(p.total, 0)
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
             where a.user_id is not null
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

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
