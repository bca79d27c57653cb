import { defineModule } from '../module.js';
import type { CommonService } from '../common/common.service.js';
import type { ContentService } from '../content/content.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { SESSION_REVOKED_CHANNEL, type RevokedMessage } from '../realtime/session-sockets.js';
import { createUserGuard } from './auth.guard.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';

/** Users' accounts and sessions (docs/accounts.md). */
export const authModule = defineModule({
  name: 'auth',
  create: (
    { db, now, env, bus },
    { ledger, content }: { ledger: LedgerService; content: ContentService },
  ) =>
    createAuthService({
      db,
      ledger,
      ...(now ? { now } : {}),
      registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
      // Signing up accepts the user agreement in force (docs/content.md, Agreement versions).
      onRegistered: (tx, userId, ctx) => content.agreements.acceptAtRegistration(tx, userId, ctx),
      // Every node closes the sockets of ended sessions (modules/realtime/session-sockets.ts).
      onRevoked: ({ userId, sessionIds }) => {
        bus.publish(SESSION_REVOKED_CHANNEL, {
          userId: userId.toString(),
          ...(sessionIds ? { sessionIds: sessionIds.map(String) } : {}),
        } satisfies RevokedMessage);
      },
    }),
  routes: authRoutes,
});

/** Who is signed in, for every user route: `requireUser` and `inSession`. */
export const guardModule = defineModule({
  name: 'guard',
  create: (_platform, { auth, common }: { auth: AuthService; common: CommonService }) =>
    createUserGuard({ auth, blackRunUrl: (origin) => common.blackRunUrl(origin) }),
});
