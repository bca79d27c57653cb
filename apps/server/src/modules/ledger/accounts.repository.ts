// The ledger's accounts: opening them, a user account's cached balance, a user's accounts.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CurrencyKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { PRACTICE_CURRENCY, PRACTICE_SYSTEM_PURPOSES, PRACTICE_USER_PURPOSES } from './books.js';
import {
  ledgerAccount,
  SYSTEM_PURPOSES,
  USER_PURPOSES,
  type UserPurpose,
} from './ledger.schema.js';

const CURRENCY_KEYS: readonly CurrencyKey[] = ['money', 'usdt'];

export interface UserAccountRow {
  id: bigint;
  currency: string;
  purpose: string;
  balanceMinor: bigint;
}

/** Opening accounts and moving one user account's cached balance (single postings). */
export function createLedgerAccountsRepository(db: Db) {
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

    /** Opens a user's practice accounts (books.ts); safe to repeat. */
    async openPracticeAccounts(userId: bigint): Promise<void> {
      await db
        .insert(ledgerAccount)
        .values(
          PRACTICE_USER_PURPOSES.map((purpose) => ({
            userId,
            currency: PRACTICE_CURRENCY,
            purpose,
          })),
        )
        .onConflictDoNothing();
    },

    /** Opens every system account, the practice book's too; run at seed time. */
    async openSystemAccounts(): Promise<void> {
      await db
        .insert(ledgerAccount)
        .values([
          ...CURRENCY_KEYS.flatMap((currency) =>
            SYSTEM_PURPOSES.map((purpose) => ({ userId: null, currency, purpose })),
          ),
          ...PRACTICE_SYSTEM_PURPOSES.map((purpose) => ({
            userId: null,
            currency: PRACTICE_CURRENCY,
            purpose,
          })),
        ])
        .onConflictDoNothing();
    },

    /**
     * Locks one user account's row for the rest of the transaction and reads its balance
     * (undefined when it does not exist): a check that must not race a movement of it.
     */
    async lockUserAccount(
      userId: bigint,
      currency: string,
      purpose: UserPurpose,
    ): Promise<bigint | undefined> {
      const [row] = await db
        .select({ balanceMinor: ledgerAccount.balanceMinor })
        .from(ledgerAccount)
        .where(
          and(
            eq(ledgerAccount.userId, userId),
            eq(ledgerAccount.currency, currency),
            eq(ledgerAccount.purpose, purpose),
          ),
        )
        .for('update');
      return row?.balanceMinor;
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

    /** The user's real accounts: the practice book's are never among them. */
    async userAccounts(userId: bigint): Promise<UserAccountRow[]> {
      return db
        .select({
          id: ledgerAccount.id,
          currency: ledgerAccount.currency,
          purpose: ledgerAccount.purpose,
          balanceMinor: ledgerAccount.balanceMinor,
        })
        .from(ledgerAccount)
        .where(
          and(eq(ledgerAccount.userId, userId), ne(ledgerAccount.currency, PRACTICE_CURRENCY)),
        );
    },

    /** The user's practice accounts (none until the book is opened). */
    async practiceAccounts(userId: bigint): Promise<UserAccountRow[]> {
      return db
        .select({
          id: ledgerAccount.id,
          currency: ledgerAccount.currency,
          purpose: ledgerAccount.purpose,
          balanceMinor: ledgerAccount.balanceMinor,
        })
        .from(ledgerAccount)
        .where(
          and(eq(ledgerAccount.userId, userId), eq(ledgerAccount.currency, PRACTICE_CURRENCY)),
        );
    },
  };
}
