import fastifyCookie from '@fastify/cookie';
import type { Permission } from '@ampere/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { AnyModule, Platform } from '../modules/module.js';
import { createStaffGuard } from '../modules/staff/staff.guard.js';
import type { StaffService } from '../modules/staff/staff.service.js';
import { registerApiDocs } from './api-docs.js';

/** A staff route as the guard sees it: what the RBAC test and the docs are checked against. */
export interface StaffRouteEntry {
  method: string;
  url: string;
  permission: Permission | undefined;
  public: boolean;
}

/**
 * The staff API (`/api/admin/v1`, docs/backoffice.md): the user API's envelope and error
 * handling, its own document and reference page, cookies parsed here only, and the one staff
 * guard before every route — each module adds its `staffRoutes`.
 */
export async function registerStaffApi(
  scope: FastifyInstance,
  deps: {
    services: { staff: StaffService };
    platform: Platform;
    modules: readonly AnyModule[];
    /** Filled with every staff route as it is registered. */
    routeTable: StaffRouteEntry[];
  },
): Promise<void> {
  const guard = createStaffGuard({ staff: deps.services.staff });
  scope.addHook('onRoute', (route) => {
    guard.checkRoute(route);
    const hidden = route.schema?.hide === true;
    if (hidden) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        deps.routeTable.push({
          method,
          url: route.url,
          permission: route.config?.permission,
          public: route.config?.staffPublic === true,
        });
  });
  await scope.register(fastifyCookie);
  scope.addHook('onRequest', (req, reply) => guard.check(req, reply));
  await registerApiDocs(scope, {
    title: 'Ampere staff API',
    description:
      'The back office. Sign in with POST auth/password then auth/code (TOTP); the session is a cookie, and every state-changing call carries the x-csrf-token header. Every response is the envelope {code, msg, data}; error codes: docs/errors.md. Each route names the permission it needs (docs/backoffice.md).',
  });
  for (const module of deps.modules)
    if (module.staffRoutes) await scope.register(module.staffRoutes(deps.services, deps.platform));
}
