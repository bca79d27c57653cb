import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffService } from '../staff/staff.service.js';
import { usersActionRoutes } from './users-actions.routes.js';
import type { UsersAdminService } from './users-admin.service.js';
import { usersReadRoutes } from './users-reads.routes.js';

/** The back office's Users area (issue #13), under /api/admin/v1/users. */
export function usersAdminRoutes(services: {
  usersAdmin: UsersAdminService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(usersReadRoutes(services));
    await app.register(usersActionRoutes(services));
  };
}
