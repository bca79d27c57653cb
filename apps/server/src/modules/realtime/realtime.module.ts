import { defineModule } from '../module.js';
import type { AuthService } from '../auth/auth.service.js';
import { HUB_LIMITS } from './hub.js';
import { realtimeRoutes } from './realtime.routes.js';

/** The socket hub at /api/v1/ws over the platform's bus. */
export const realtimeModule = defineModule({
  name: 'realtime',
  create: () => ({}),
  routes: ({ auth }: { auth: AuthService }, { bus, env, lifecycle }) =>
    realtimeRoutes(
      { auth, bus, draining: lifecycle.draining },
      env.PUBLIC_URL,
      HUB_LIMITS.heartbeatTimeoutMs,
      env.WS_MAX_PER_ADDRESS,
    ),
});
