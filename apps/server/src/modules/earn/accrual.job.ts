import { defineJob } from '../../jobs/runner.js';
import type { EarnService } from './earn.service.js';

/**
 * Orders paid per transaction: bounded, so a day's accrual of a million orders is a thousand
 * short transactions, each holding its users' accounts only briefly (bench/accrual).
 */
export const ACCRUAL_BATCH = 1_000;

/**
 * Pays due interest every 10 s, draining full batches back to back. Every process runs it:
 * claims use SKIP LOCKED, so processes share a day's work and never pay a day twice.
 */
export function accrualJob(earn: EarnService, everyMs = 10_000) {
  return defineJob({
    name: 'earn.accrue',
    mode: 'every-process',
    everyMs,
    async run(ctx) {
      const paid = await earn.drainDue({ batch: ACCRUAL_BATCH, stopping: () => ctx.stopping() });
      return paid > 0 ? { msg: 'earn interest paid', fields: { paid } } : undefined;
    },
  });
}
