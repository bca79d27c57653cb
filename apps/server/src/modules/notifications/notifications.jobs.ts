import { defineJob } from '../../jobs/runner.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * Deletes notifications older than 90 days, every hour on one node (the jobs leader), in bounded
 * batches: a run deletes at most 100,000 rows and leaves the rest to the next one.
 */
export function notificationsRetentionJob(
  notifications: NotificationsService,
  everyMs = 3_600_000,
) {
  return defineJob({
    name: 'notifications.retention',
    mode: 'leader',
    everyMs,
    async run() {
      const deleted = await notifications.prune();
      return deleted === 0
        ? undefined
        : { msg: 'notifications older than 90 days deleted', fields: { deleted } };
    },
  });
}
