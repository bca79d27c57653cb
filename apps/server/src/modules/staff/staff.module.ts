import { createSealedBox } from '../../crypto/sealed.js';
import type { AuditService } from '../audit/audit.service.js';
import { defineModule } from '../module.js';
import { staffRoutes } from './staff.routes.js';
import { createStaffService } from './staff.service.js';

/** The back office's staff: accounts, TOTP sign-in, sessions, roles (docs/backoffice.md). */
export const staffModule = defineModule({
  name: 'staff',
  create: ({ db, now, env }, { audit }: { audit: AuditService }) =>
    createStaffService({
      db,
      now: now ?? (() => new Date()),
      audit,
      box: createSealedBox({ key: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR }),
    }),
  staffRoutes,
});
