import type { UserGuard } from '../auth/auth.guard.js';
import { defineModule } from '../module.js';
import { notificationsRetentionJob } from './notifications.jobs.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService, type NotificationsService } from './notifications.service.js';

/**
 * The in-app inbox (issue #17 item 4, docs/content.md "Notifications"). It needs no other module:
 * trading, funding, chain, KYC and Earn write their events through its service inside their own
 * transactions, so it is made before all of them.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  create: ({ db, bus, now }) => createNotificationsService({ db, bus, ...(now ? { now } : {}) }),
  routes: (services: { notifications: NotificationsService; guard: UserGuard }) =>
    notificationsRoutes(services),
  jobs: ({ notifications }: { notifications: NotificationsService }) => [
    notificationsRetentionJob(notifications),
  ],
});
