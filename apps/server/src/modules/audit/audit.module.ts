import { createChainSigner } from '../market/chain-signing.js';
import { defineModule } from '../module.js';
import { auditHeadsJob } from './audit.jobs.js';
import { auditStaffRoutes } from './audit.routes.js';
import { createAuditService, type AuditService } from './audit.service.js';

/** How often the audit chain's head is recorded (when it grew). */
const AUDIT_HEADS_EVERY_MS = 10 * 60_000;

/** The hash-chained audit log of every staff and operator action (docs/backoffice.md). */
export const auditModule = defineModule({
  name: 'audit',
  create: ({ db, now }) => createAuditService({ db, now: now ?? (() => new Date()) }),
  staffRoutes: auditStaffRoutes,
  jobs: ({ audit }: { audit: AuditService }, { env }) => {
    const signer = createChainSigner({ key: env.CHAIN_SIGNING_KEY, dataDir: env.DATA_DIR });
    return [
      auditHeadsJob({
        audit,
        sign: (message) => signer.signMessage(message),
        dataDir: env.DATA_DIR,
        everyMs: AUDIT_HEADS_EVERY_MS,
      }),
    ];
  },
});
