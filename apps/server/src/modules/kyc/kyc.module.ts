import { createSealedBox } from '../../crypto/sealed.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { defineModule } from '../module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { UserGuard } from '../auth/auth.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import { kycRoutes } from './kyc.routes.js';
import { createKycService, type KycService } from './kyc.service.js';
import { kycStaffRoutes } from './kyc.staff.routes.js';

/** What the user routes and the staff routes use between them. */
interface RouteNeeds {
  kyc: KycService;
  guard: UserGuard;
  staff: StaffService;
}

/** Real-name verification (issue #16): user routes, the staff review queue. */
export const kycModule = defineModule({
  name: 'kyc',
  create: (
    { db, env, now },
    deps: {
      uploads: UploadsService;
      audit: AuditService;
      auth: AuthService;
      settings: SettingsService;
      notifications: NotificationsService;
    },
  ) =>
    createKycService({
      db,
      ...deps,
      box: createSealedBox({ key: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR }),
      now: now ?? (() => new Date()),
    }),
  routes: (services: RouteNeeds) => kycRoutes(services),
  staffRoutes: (services: RouteNeeds) => kycStaffRoutes(services),
});
