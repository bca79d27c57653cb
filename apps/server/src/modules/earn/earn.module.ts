import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { defineModule } from '../module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { accrualJob } from './accrual.job.js';
import { earnRoutes } from './earn.routes.js';
import { createEarnService, type EarnService } from './earn.service.js';
import { earnStaffRoutes } from './earn.staff.routes.js';
import { earnTestClock } from './test-clock.js';
import { AppError } from '../../errors.js';

type RouteNeeds = Parameters<typeof earnRoutes>[0] & Parameters<typeof earnStaffRoutes>[0];

/** Earn: fixed-term savings with daily interest (docs/earn.md, issue #15). */
export const earnModule = defineModule({
  name: 'earn',
  create: (
    { db, bus, now, env },
    {
      ledger,
      audit,
      auth,
      notifications,
    }: {
      ledger: LedgerService;
      audit: AuditService;
      auth: AuthService;
      notifications: NotificationsService;
    },
  ) =>
    createEarnService({
      db,
      ledger,
      notifications,
      audit,
      bus,
      ...(env.EARN_TEST_CLOCK_FILE
        ? { now: earnTestClock(env.EARN_TEST_CLOCK_FILE) }
        : now
          ? { now: () => now().getTime() }
          : {}),
      utcOffsetMinutes: env.OPERATOR_UTC_OFFSET_MINUTES,
      // The fund password, when the user set one, is required and checked by auth's rules.
      checkFundPassword: async (user, password) => {
        if (!user.fundPasswordHash) return;
        if (password === undefined || password === '')
          throw new AppError('EARN_FUND_PASSWORD_REQUIRED');
        await auth.checkFundPassword(user, password);
      },
    }),
  routes: (services: RouteNeeds) => earnRoutes(services),
  staffRoutes: (services: RouteNeeds) => earnStaffRoutes(services),
  // Every process accrues: claims skip rows another process holds, so no day is paid twice.
  jobs: ({ earn }: { earn: EarnService }) => [accrualJob(earn)],
});
