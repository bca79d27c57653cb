import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/tokens.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Bus } from './bus.js';
import { CLOSE, HUB_LIMITS, openConnection, type Connection } from './hub.js';
import { createSessionSockets } from './session-sockets.js';

/** Same origin, or the configured public origin; a socket from any other page is refused. */
function originAllowed(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: no ambient credentials to abuse
  try {
    const host = new URL(origin).host;
    return host === req.host || (publicUrl !== undefined && host === new URL(publicUrl).host);
  } catch {
    return false;
  }
}

/**
 * The socket of SPEC §7 at config `wss` (`/api/v1/ws?uid&timestamp&token`). A token makes the
 * connection private-channel capable; without one it gets public channels only.
 */
export function realtimeRoutes(
  services: { auth: AuthService; bus: Bus; draining?: () => boolean },
  publicUrl: string | undefined,
  heartbeatTimeoutMs: number = HUB_LIMITS.heartbeatTimeoutMs,
  maxPerAddress: number = HUB_LIMITS.maxConnectionsPerAddress,
) {
  return async (app: FastifyInstance) => {
    // One sweep for all connections rather than a timer each: silent ones are closed.
    const live = new Set<Connection>();
    const perAddress = new Map<string, number>();
    const sweep = setInterval(
      () => {
        for (const c of live) if (c.closeIfSilent(heartbeatTimeoutMs)) live.delete(c);
      },
      Math.max(50, Math.min(10_000, heartbeatTimeoutMs / 4)),
    );
    sweep.unref();
    const sessions = createSessionSockets({
      bus: services.bus,
      sessionExpiry: (id) => services.auth.sessionExpiry(id),
      log: app.log,
    });
    app.addHook('onClose', () => {
      clearInterval(sweep);
      sessions.close();
    });

    app.route({
      method: 'GET',
      url: '/ws',
      schema: { hide: true },
      // A plain request (no upgrade) gets the envelope like any other address.
      handler: () => {
        throw new AppError('UPGRADE_REQUIRED');
      },
      wsHandler: async (socket, req) => {
        // A node shutting down takes no new socket: the client reconnects (to another node).
        if (services.draining?.()) {
          socket.close(CLOSE.SERVICE_RESTART, 'server restarting');
          return;
        }
        if (!originAllowed(req, publicUrl)) {
          socket.close(CLOSE.POLICY, 'origin not allowed');
          return;
        }
        const open = perAddress.get(req.ip) ?? 0;
        if (open >= maxPerAddress) {
          socket.close(CLOSE.TRY_AGAIN_LATER, 'too many connections from this address');
          return;
        }
        perAddress.set(req.ip, open + 1);
        socket.once('close', () => {
          const left = (perAddress.get(req.ip) ?? 1) - 1;
          if (left > 0) perAddress.set(req.ip, left);
          else perAddress.delete(req.ip);
        });
        // Listeners go on before any await: frames that arrive while the session is being
        // looked up are queued, not dropped (ws emits them whether or not anyone listens).
        const early: string[] = [];
        const state: { connection?: Connection; closed: boolean; forget?: () => void } = {
          closed: false,
        };
        socket.on('message', (raw: Buffer) => {
          const text = raw.toString('utf8');
          if (state.connection) state.connection.handle(text);
          else if (early.length < HUB_LIMITS.messageBurst) early.push(text);
          else socket.close(CLOSE.POLICY, 'too many messages');
        });
        socket.on('close', () => {
          state.closed = true;
          state.forget?.();
          if (state.connection) live.delete(state.connection);
          state.connection?.closed();
        });
        const query = req.query as Record<string, unknown>;
        const token =
          typeof query.token === 'string' ? bearerToken(`Bearer ${query.token}`) : undefined;
        let session: { userId: bigint; sessionId: bigint } | undefined;
        if (token) {
          try {
            session = await services.auth.sessionOf(token);
          } catch {
            session = undefined; // a disabled account gets public channels only
          }
        }
        if (state.closed) return;
        const connection = openConnection(socket, services.bus, session?.userId);
        state.connection = connection;
        live.add(connection);
        if (session) state.forget = sessions.add(connection, session.userId, session.sessionId);
        for (const text of early.splice(0)) connection.handle(text);
      },
    });
  };
}
