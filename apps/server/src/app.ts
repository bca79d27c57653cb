import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { ERRORS, FALLBACK_LOCALE, type LocaleKey } from '@ampere/contract';
import { ADMIN_API_PREFIX } from '@ampere/contract/admin';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { TFunction } from 'i18next';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { AppError } from './errors.js';
import { registerApiDocs } from './http/api-docs.js';
import { installErrorHandling } from './http/errors.js';
import { requestLocale } from './http/locale.js';
import { logSerializers, redactUrl } from './http/log.js';
import { installMetrics } from './http/metrics.js';
import { registerStateMetrics } from './metrics/collectors.js';
import { createHostPolicy } from './http/hosts.js';
import { API_HEADERS } from './http/security-headers.js';
import { registerStaffApi, type StaffRouteEntry } from './http/staff-api.js';
import { findAdminDist, serveAdminApp, serveWebApp } from './http/static.js';
import { zodValidatorCompiler } from './http/validation.js';
import { translator } from './i18n/index.js';
import { MODULES } from './modules/index.js';
import type { Platform } from './modules/module.js';
import { createPlatform, createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: LocaleKey;
    t: TFunction;
  }
  interface FastifyInstance {
    /** The app's services, for work that runs beside the HTTP API (feed, jobs). */
    services: Services;
    /** The infrastructure the services share (bus, database, configuration). */
    platform: Platform;
    /** Every staff API route with the permission it needs (docs/backoffice.md). */
    staffRouteTable: StaffRouteEntry[];
  }
}

export const API_PREFIX = '/api/v1';

/** An address the API answers with data: under either API, but not an API's reference pages. */
function isApiAnswer(url: string): boolean {
  const api = url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${ADMIN_API_PREFIX}/`);
  return api && !/^\/api\/[^?]*\/docs(?:[/?]|$)/.test(url);
}
/** Form and JSON bodies; uploads have their own, larger limit. */
export const BODY_LIMIT_BYTES = 256 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface AppOptions {
  env: Env;
  database: Database;
  redis?: Redis | undefined;
  /** Built web app to serve at `/`; omitted in API tests. */
  webDist?: string | undefined;
  /**
   * Built back office to serve at `/admin/`. When the web app is served and this is not given,
   * the build beside the server's code (apps/admin/dist, or admin/dist beside the bundle).
   */
  adminDist?: string | undefined;
  /** The clock the business rules read (tests move it forward). */
  now?: (() => Date) | undefined;
  /** Where log lines go (standard output by default; tests read them). */
  logStream?: NodeJS.WritableStream | undefined;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** TRUST_PROXY as a number: the first `hops` proxies from the server are believed. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  env,
  database,
  redis,
  now,
  webDist,
  adminDist = webDist ? findAdminDist() : undefined,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      serializers: logSerializers,
      redact: {
        // `path` is where @fastify/websocket logs an upgrade's URL.
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers.authorization',
          'path',
        ],
        censor: (value: unknown, path: string[]) =>
          path[0] === 'path' && typeof value === 'string' ? redactUrl(value) : '[Redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // The client's address (`req.ip`) for rate limits, throttles, address blocks and the audit
    // log: the peer's, unless TRUST_PROXY names the proxies whose X-Forwarded-For to believe.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // What the router refuses before any route runs (a path parameter over maxParamLength, a
    // malformed URL) is an unknown address, in the envelope like every other answer.
    frameworkErrors: (_error, req, reply: FastifyReply) => {
      const t = translator(requestLocale(req, FALLBACK_LOCALE));
      void reply.code(ERRORS.NOT_FOUND.status).send({
        code: ERRORS.NOT_FOUND.code,
        msg: t(`errors.${ERRORS.NOT_FOUND.key}`),
        data: null,
      });
    },
  });

  // Bodies are form data (the client's default), JSON or multipart; nothing else.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is an empty form, as an empty form-encoded one is: the route's schema
  // then names the missing fields instead of refusing the body as unreadable.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') done(null, undefined);
    else void jsonParser(req, body.toString(), done);
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('t', null as unknown as TFunction);

  const platform = createPlatform({ env, database, redis, now });
  const services = createServices(platform);
  app.decorate('services', services);
  app.decorate('platform', platform);
  const routeTable: StaffRouteEntry[] = [];
  app.decorate('staffRouteTable', routeTable);
  app.addHook('onClose', async () => {
    await platform.bus.close();
  });
  const defaultLocale = (await services.settings.get()).defaultLanguage;

  const hosts = createHostPolicy({
    publicUrl: env.PUBLIC_URL,
    allowedHosts: env.ALLOWED_HOSTS,
    listenHost: env.HOST,
  });
  app.addHook('onRequest', async (req, reply) => {
    req.locale = requestLocale(req, defaultLocale);
    req.t = translator(req.locale);
    reply.header('x-request-id', req.id);
    // Probes reach a node by its address, whatever it is, and derive nothing from it.
    const probe =
      req.routeOptions.url === '/healthz' ||
      req.routeOptions.url === '/readyz' ||
      req.routeOptions.url === '/metrics';
    if (!hosts.allowed(req.host) && !probe) throw new AppError('HOST_NOT_ALLOWED');
    // The API answers with its own, shorter set; pages (its reference pages too) with the page's.
    reply.headers(isApiAnswer(req.url) ? API_HEADERS : hosts.headers(req.host));
  });

  installMetrics(app, env, platform.metrics);
  registerStateMetrics(platform.metrics, {
    db: platform.db,
    now: () => (now ?? (() => new Date()))().getTime(),
    utcOffsetMinutes: env.OPERATOR_UTC_OFFSET_MINUTES,
    openSockets: () => app.websocketServer.clients.size,
    pendingQueues: () => services.dashboard.pendingQueues(),
    feedState: () => services.market.feedState(),
    lastReconciliation: () => services.ledger.lastReconciliation(platform.db),
  });

  await app.register(fastifyRateLimit, {
    // The API is limited; the app's own files are not: one fresh page load fetches a hundred of
    // them, and many phones share one address behind carrier NAT. Sockets have their own cap
    // (open connections per address, realtime.routes.ts) instead of a per-minute count.
    allowList: (req) =>
      !(req.url.startsWith(`${API_PREFIX}/`) || req.url.startsWith(`${ADMIN_API_PREFIX}/`)) ||
      req.url.startsWith(`${API_PREFIX}/ws`),
    max: env.RATE_LIMIT_PER_MIN,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: `${env.REDIS_PREFIX}rl:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20, parts: 21 },
  });

  // Each module's routes, at the root (probes), under the user API's prefix, and its staff
  // routes under the staff API's (http/staff-api.ts); each API has its own document.
  for (const module of MODULES)
    if (module.routes && module.routesAt !== undefined)
      await app.register(module.routes(services, platform), { prefix: module.routesAt });
  await app.register(
    async (api) => {
      // Each module's gate (address blocks) sees every user-API request before its route.
      for (const module of MODULES)
        if (module.requestGate) api.addHook('onRequest', module.requestGate(services, platform));
      await registerApiDocs(api, {
        title: 'Ampere API',
        description:
          'Every response is the envelope {code, msg, data}; code 0 is success. Error codes: docs/errors.md.',
      });
      for (const module of MODULES)
        if (module.routes && module.routesAt === undefined)
          await api.register(module.routes(services, platform));
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    async (staffApi) => {
      await registerStaffApi(staffApi, { services, platform, modules: MODULES, routeTable });
    },
    { prefix: ADMIN_API_PREFIX },
  );

  if (webDist) await serveWebApp(app, webDist);
  if (adminDist) await serveAdminApp(app, adminDist);

  return app;
}
