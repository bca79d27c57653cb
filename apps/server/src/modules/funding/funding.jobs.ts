import { defineJob } from '../../jobs/runner.js';
import type { FundingService } from './funding.service.js';

/**
 * Expires pending bank recharges past their time (funding rules: `pendingExpiryMinutes`). Every
 * node may run it: a run claims its rows with SKIP LOCKED, so two never end the same one.
 */
export function rechargeExpiryJob(funding: FundingService, everyMs = 60_000) {
  return defineJob({
    name: 'funding.recharge_expiry',
    mode: 'every-process',
    everyMs,
    async run() {
      const expired = await funding.rechargeReview.expireDue();
      return expired > 0
        ? { msg: 'pending bank recharges expired', fields: { expired } }
        : undefined;
    },
  });
}
