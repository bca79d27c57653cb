import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { reconcile, type ReconciliationReport } from './reconcile.js';

/** Only one process reconciles at a time: a transaction-scoped advisory lock elects it. */
const RECONCILE_LOCK_KEY = 7_201_002;

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One run; undefined when another process holds the lock. */
export async function reconcileOnce(db: Db): Promise<ReconciliationReport | undefined> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ got: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RECONCILE_LOCK_KEY}) as got`,
    );
    return lock?.got ? reconcile(tx) : undefined;
  });
}

/**
 * Re-checks the whole ledger every `everyMs`. A mismatch is logged at error level with
 * `alert: true` (what monitoring pages on) and the full report.
 */
export function startReconciliationJob(db: Db, log: JobLogger, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOnce(db)
      .then((report) => {
        if (!report) return;
        if (report.ok)
          log.info({ job: 'reconcile', totals: report.totals }, 'ledger reconciled: no drift');
        else
          log.error(
            { job: 'reconcile', alert: true, report },
            'LEDGER DRIFT: reconciliation found mismatches',
          );
      })
      .catch((error: unknown) => {
        log.error({ job: 'reconcile', alert: true, err: error }, 'reconciliation failed to run');
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
