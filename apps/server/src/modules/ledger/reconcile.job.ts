import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/runner.js';
import { reconcile, recordReconciliation } from './reconcile.js';

/**
 * Re-checks the whole ledger every `everyMs` on one node (the jobs leader). A mismatch is logged
 * at error level with `alert: true` (what monitoring pages on) and the full report. Every run is
 * recorded (ledger_reconciliation), so every node's back office shows the last one.
 */
export function reconcileJob(db: Db, everyMs: number) {
  return defineJob({
    name: 'ledger.reconcile',
    mode: 'leader',
    everyMs,
    alertOnFailure: true,
    async run() {
      const report = await db.transaction(async (tx) => {
        const run = await reconcile(tx);
        await recordReconciliation(tx, run);
        return run;
      });
      return report.ok
        ? { msg: 'ledger reconciled: no drift', fields: { totals: report.totals } }
        : {
            msg: 'LEDGER DRIFT: reconciliation found mismatches',
            level: 'error' as const,
            alert: true,
            fields: { report },
          };
    },
  });
}
