import type { AuditService } from '../audit/audit.service.js';
import { defineModule } from '../module.js';
import { settingsStaffRoutes } from './settings.admin.routes.js';
import { createSettingsService } from './settings.service.js';

/** Operator settings (`system_setting`): rows, so the back office can change them. */
export const settingsModule = defineModule({
  name: 'settings',
  create: ({ db, env }, { audit }: { audit: AuditService }) =>
    createSettingsService({ db, audit, cacheMs: env.SETTINGS_CACHE_MS }),
  staffRoutes: settingsStaffRoutes,
});
