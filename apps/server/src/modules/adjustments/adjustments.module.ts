import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { defineModule } from '../module.js';
import { adjustmentsRoutes } from './adjustments.routes.js';
import { createAdjustmentsService } from './adjustments.service.js';

/** Manual balance adjustments, maker-checker (issue #13): staff routes only. */
export const adjustmentsModule = defineModule({
  name: 'adjustments',
  create: ({ db, now }, deps: { ledger: LedgerService; audit: AuditService; auth: AuthService }) =>
    createAdjustmentsService({ db, now: now ?? (() => new Date()), ...deps }),
  staffRoutes: adjustmentsRoutes,
});
