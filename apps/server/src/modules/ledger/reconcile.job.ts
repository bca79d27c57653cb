import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/runner.js';
import { reconcile } from './reconcile.js';

/**
 * Re-checks the whole ledger every `everyMs` on one node (the jobs leader). A mismatch is logged
 * at error level with `alert: true` (what monitoring pages on) and the full report.
 */
export function reconcileJob(db: Db, everyMs: number) {
  return defineJob({
    name: 'ledger.reconcile',
    mode: 'leader',
    everyMs,
    alertOnFailure: true,
    async run() {
      const report = await db.transaction((tx) => reconcile(tx));
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
