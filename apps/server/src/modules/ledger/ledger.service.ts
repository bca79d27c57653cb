import type { CurrencyKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { createBulkPosting } from './bulk-posting.js';
import {
  createLedgerRepository,
  type StatementFilter,
  type StatementLinesFilter,
} from './ledger.repository.js';
import type { LedgerCurrency } from './books.js';
import type { SystemPurpose, UserPurpose } from './ledger.schema.js';
import { createPosting } from './posting.js';
import { lastReconciliation } from './reconcile.js';
import { createLedgerReportsRepository } from './reports.repository.js';
import { createSystemAccountIds } from './system-accounts.js';

export {
  LedgerInvariantError,
  type AccountRef,
  type JournalSpec,
  type PostedJournal,
  type PostingSpec,
} from './journal-rules.js';
export type { StatementLine as StatementLineRow } from './ledger.repository.js';
export {
  isPractice,
  PRACTICE_CURRENCY,
  REAL_CURRENCIES,
  type LedgerCurrency,
  type PracticeCurrency,
} from './books.js';

/**
 * The ledger, composed from its use cases: posting one journal and reversing one (posting.ts),
 * posting a batch (bulk-posting.ts); here, the reads.
 *
 * `now` stamps journals, so statements follow the same clock as every other rule.
 */
export function createLedgerService(deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  const systemAccountId = createSystemAccountIds();

  return {
    ...createPosting({ now, systemAccountId }),
    ...createBulkPosting({ now, systemAccountId }),

    openUserAccounts: (db: Db, userId: bigint) =>
      createLedgerRepository(db).openUserAccounts(userId),
    openSystemAccounts: (db: Db) => createLedgerRepository(db).openSystemAccounts(),
    /** The user's real accounts (never the practice book's). */
    userAccounts: (db: Db, userId: bigint) => createLedgerRepository(db).userAccounts(userId),
    /** The practice book's accounts of a user (books.ts): opening them, reading them. */
    openPracticeAccounts: (db: Db, userId: bigint) =>
      createLedgerRepository(db).openPracticeAccounts(userId),
    practiceAccounts: (db: Db, userId: bigint) =>
      createLedgerRepository(db).practiceAccounts(userId),
    /** Locks a user account's row for the caller's transaction; its balance, if it exists. */
    lockUserAccount: (db: Db, userId: bigint, currency: LedgerCurrency, purpose: UserPurpose) =>
      createLedgerRepository(db).lockUserAccount(userId, currency, purpose),
    statement: (db: Db, filter: StatementFilter) => createLedgerRepository(db).statement(filter),
    /** One line per journal and currency on the user's accounts (statement-lines.repository). */
    statementLines: (db: Db, filter: StatementLinesFilter) =>
      createLedgerRepository(db).statementLines(filter),
    systemBalance: (db: Db, currency: CurrencyKey, purpose: SystemPurpose) =>
      createLedgerRepository(db).systemBalance(currency, purpose),

    /** Journals per kind and currency created in [from, to]: how many, and the money moved. */
    activity: (db: Db, from: Date, to: Date) =>
      createLedgerReportsRepository(db).activity(from, to),
    /** The reconciliation job's last run, as it recorded it (reconcile.job.ts). */
    lastReconciliation: (db: Db) => lastReconciliation(db),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
