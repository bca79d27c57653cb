import type { Db } from '../../db/client.js';
import { createLedgerRepository } from './ledger.repository.js';
import { createLedgerReportsRepository } from './reports.repository.js';

/** How many offending rows a report lists; the counts beyond that are not needed to act. */
const REPORT_LIMIT = 100;

export interface ReconciliationReport {
  ok: boolean;
  checkedAt: string;
  totals: { currency: string; totalMinor: string }[];
  unbalancedJournals: { journalId: string; currency: string; offByMinor: string }[];
  balanceMismatches: { accountId: string; cachedMinor: string; postedMinor: string }[];
  negativeBalances: { accountId: string; balanceMinor: string }[];
}

/**
 * Re-checks the ledger from scratch: Σ postings = 0 per currency and per journal, every cached
 * user balance = Σ of its postings, no user balance below zero. Read-only.
 */
export async function reconcile(
  db: Db,
  now: () => Date = () => new Date(),
): Promise<ReconciliationReport> {
  const repo = createLedgerRepository(db);
  const [totals, unbalanced, mismatches, negatives] = await Promise.all([
    repo.totalsByCurrency(),
    repo.unbalancedJournals(REPORT_LIMIT),
    repo.balanceMismatches(REPORT_LIMIT),
    repo.negativeUserBalances(REPORT_LIMIT),
  ]);
  const report: ReconciliationReport = {
    ok: false,
    checkedAt: now().toISOString(),
    totals: totals.map((t) => ({ currency: t.currency, totalMinor: t.total.toString() })),
    unbalancedJournals: unbalanced.map((u) => ({
      journalId: u.journalId.toString(),
      currency: u.currency,
      offByMinor: u.total.toString(),
    })),
    balanceMismatches: mismatches.map((m) => ({
      accountId: m.accountId.toString(),
      cachedMinor: m.cachedMinor.toString(),
      postedMinor: m.postedMinor.toString(),
    })),
    negativeBalances: negatives.map((n) => ({
      accountId: n.accountId.toString(),
      balanceMinor: n.balanceMinor.toString(),
    })),
  };
  report.ok =
    totals.every((t) => t.total === 0n) &&
    unbalanced.length === 0 &&
    mismatches.length === 0 &&
    negatives.length === 0;
  return report;
}

/** How long reconciliation runs are kept. */
const KEEP_RUNS_MS = 90 * 86_400_000;

/** Keeps a run where every node can read it (the dashboard shows the last), and prunes old ones. */
export async function recordReconciliation(db: Db, report: ReconciliationReport): Promise<void> {
  const repo = createLedgerReportsRepository(db);
  const checkedAt = new Date(report.checkedAt);
  await repo.insertReconciliation({ checkedAt, ok: report.ok, report });
  await repo.pruneReconciliations(new Date(checkedAt.getTime() - KEEP_RUNS_MS));
}

/** The last run recorded, if any. */
export async function lastReconciliation(db: Db): Promise<ReconciliationReport | undefined> {
  const row = await createLedgerReportsRepository(db).lastReconciliation();
  return row ? (row.report as ReconciliationReport) : undefined;
}
