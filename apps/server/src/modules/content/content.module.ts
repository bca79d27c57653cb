import type { AuditService } from '../audit/audit.service.js';
import type { UserGuard } from '../auth/auth.guard.js';
import { defineModule } from '../module.js';
import type { StaffService } from '../staff/staff.service.js';
import { seedAgreement } from './agreements.js';
import { contentRoutes } from './content.routes.js';
import { createContentService, type ContentService } from './content.service.js';
import { contentStaffRoutes } from './content.staff.routes.js';

interface RouteNeeds {
  content: ContentService;
  guard: UserGuard;
  staff: StaffService;
}

/**
 * Localized content (issue #17, docs/content.md): the user agreement's versions (version 1
 * seeded without overwriting anything), announcements, Home's banners, customer service and
 * their public images.
 */
export const contentModule = defineModule({
  name: 'content',
  create: ({ db, env, now }, { audit }: { audit: AuditService }) =>
    createContentService({
      db,
      audit,
      now: now ?? (() => new Date()),
      maxPixels: env.UPLOAD_MAX_PIXELS,
    }),
  routes: (services: RouteNeeds) => contentRoutes(services),
  staffRoutes: (services: RouteNeeds, platform) => contentStaffRoutes(services, platform),
  seed: seedAgreement,
});
