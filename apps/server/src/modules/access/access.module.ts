import type { AuditService } from '../audit/audit.service.js';
import type { CommonService } from '../common/common.service.js';
import { defineModule } from '../module.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { createAccessGate } from './access.gate.js';
import { createAccessService, type AccessService } from './access.service.js';
import { accessStaffRoutes } from './access.staff.routes.js';

interface RouteNeeds {
  access: AccessService;
  common: CommonService;
  staff: StaffService;
}

/**
 * Access restriction (issue #17, docs/content.md): address blocks checked on every user-API
 * request, their back-office page, and where restricted users are sent (`Black_run`).
 */
export const accessModule = defineModule({
  name: 'access',
  create: (
    { db, bus, now },
    deps: { audit: AuditService; settings: SettingsService; common: CommonService },
  ) => createAccessService({ db, bus, now: now ?? (() => new Date()), ...deps }),
  requestGate: (services: RouteNeeds) => createAccessGate(services),
  staffRoutes: (services: RouteNeeds) => accessStaffRoutes(services),
});
