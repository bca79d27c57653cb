import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { defineModule } from '../module.js';
import type { StaffService } from '../staff/staff.service.js';
import { createOpsService } from './ops.service.js';

/** The operator CLI's commands (docs/ledger.md), reached over DATA_DIR/ops.sock. */
export const opsModule = defineModule({
  name: 'ops',
  create: (
    { db },
    {
      ledger,
      audit,
      auth,
      staff,
    }: { ledger: LedgerService; audit: AuditService; auth: AuthService; staff: StaffService },
  ) => createOpsService({ db, ledger, audit, users: auth.users, staff }),
});
