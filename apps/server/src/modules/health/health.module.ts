import { defineModule } from '../module.js';
import { healthRoutes } from './health.routes.js';
import { createHealthService } from './health.service.js';

/** /healthz and /readyz, outside the API prefix. */
export const healthModule = defineModule({
  name: 'health',
  create: ({ database, redis, lifecycle }) =>
    createHealthService({ database, redis, draining: lifecycle.draining }),
  routes: healthRoutes,
  // Load balancers probe the root, not the API.
  routesAt: '/',
});
