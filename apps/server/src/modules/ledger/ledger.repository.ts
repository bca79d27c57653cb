import type { Db } from '../../db/client.js';
import { createLedgerAccountsRepository } from './accounts.repository.js';
import { createLedgerBulkRepository } from './bulk-postings.repository.js';
import { createLedgerJournalsRepository } from './journals.repository.js';
import { createLedgerReconciliationRepository } from './reconciliation.repository.js';
import { createLedgerStatementLinesRepository } from './statement-lines.repository.js';
import { createLedgerStatementRepository } from './statement.repository.js';

export type { UserAccountRow } from './accounts.repository.js';
export type { NewJournal, NewPosting } from './journals.repository.js';
export type { StatementFilter, StatementRow } from './statement.repository.js';
export type {
  StatementLine,
  StatementLinesFilter,
  StatementLinesPage,
} from './statement-lines.repository.js';

/**
 * All SQL of the ledger. Nothing outside the ledger module touches these tables. Composed from
 * its parts: accounts, single journals, bulk postings (settlement), statements, reconciliation.
 */
export function createLedgerRepository(db: Db) {
  return {
    ...createLedgerAccountsRepository(db),
    ...createLedgerJournalsRepository(db),
    ...createLedgerBulkRepository(db),
    ...createLedgerStatementRepository(db),
    ...createLedgerStatementLinesRepository(db),
    ...createLedgerReconciliationRepository(db),
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
