import { defineModule } from '../module.js';
import { createAuditService } from './audit.service.js';

/** The hash-chained audit log of every operator action. */
export const auditModule = defineModule({
  name: 'audit',
  create: () => createAuditService(),
});
