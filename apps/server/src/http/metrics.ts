import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.js';
import type { Metrics } from '../metrics/metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Counts every request by its route's pattern (`/api/v1/user/orders/:id`, never the raw URL:
 * one series per route, not per id), and serves /metrics on the public listener when only
 * METRICS_TOKEN is set. With METRICS_ADDRESS, /metrics is on the internal listener alone
 * (`startMetricsListener`); with neither, it is not served (404).
 */
export function installMetrics(app: FastifyInstance, env: Env, metrics: Metrics): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.http(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  const token = env.METRICS_TOKEN;
  if (token === undefined || env.METRICS_ADDRESS !== undefined) return;
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain')
          .send('unauthorized\n');
      return reply.type(metrics.registry.contentType).send(await metrics.scrape());
    },
  );
}

/** The internal listener of METRICS_ADDRESS: GET /metrics only (METRICS_TOKEN too when set). */
export async function startMetricsListener(
  env: Env,
  metrics: Metrics,
): Promise<http.Server | undefined> {
  const address = env.METRICS_ADDRESS;
  if (address === undefined) return undefined;
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[|\]$/g, '');
  const port = Number(address.slice(at + 1));
  const token = env.METRICS_TOKEN;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
