import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { openPreparedDatabase } from './bootstrap.js';
import { EnvError, loadEnv, type Env } from './config/env.js';
import { checkDataKey, DataKeyMismatchError } from './crypto/data-key-check.js';
import { createSealedBox } from './crypto/sealed.js';
import { watchEventLoop } from './http/event-loop.js';
import { startMetricsListener } from './http/metrics.js';
import { findWebDist } from './http/static.js';
import { startJobs } from './jobs/runner.js';
import { selectJobs } from './jobs/selection.js';
import { MODULES } from './modules/index.js';
import { CLOSE } from './modules/realtime/hub.js';
import { startOpsChannel } from './ops/channel.js';

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnv();
  const database = await openPreparedDatabase(env);
  try {
    await checkDataKey(
      database.db,
      createSealedBox({ key: env.DATA_ENCRYPTION_KEY, dataDir: env.DATA_DIR }),
    );
  } catch (error) {
    if (error instanceof DataKeyMismatchError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined;
  const webDist = env.WEB_DIST ?? findWebDist();
  const app = await buildApp({ env, database, redis, webDist });
  if (!webDist) app.log.warn('web app not built: run `npm run build` to serve it at /');
  watchEventLoop((fields, msg) => {
    app.log.warn(fields, msg);
  });

  /**
   * SIGTERM (docs/operations.md, Shutdown): drain, then exit 0 within SHUTDOWN_GRACE_MS.
   * 1. /readyz answers 503 and new sockets are turned away, so the proxy moves on;
   * 2. open sockets close with 1012 (service restart): clients reconnect to another node;
   * 3. the jobs stop: leader locks are released first (another node takes the feed and the
   *    leader jobs on its next try), then the batch in progress (settlement, accrual) finishes;
   * 4. the HTTP server stops listening and answers the requests in flight;
   * 5. the bus, Redis and the database close.
   * Past the grace period the process exits 1 with whatever is left undone: every job's work
   * is transactional, so an interrupted batch rolls back and another node takes it.
   */
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.platform.lifecycle.drain();
    app.log.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'draining and shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    for (const client of app.websocketServer.clients)
      client.close(CLOSE.SERVICE_RESTART, 'server restarting');
    const drain = async () => {
      await jobs.stop();
      await app.close();
      await new Promise<void>((resolve) => {
        if (metricsListener)
          metricsListener.close(() => {
            resolve();
          });
        else resolve();
      });
      await opsChannel?.close();
      await redis?.quit();
      await database.close();
    };
    drain()
      .then(() => {
        app.log.info('shut down');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  // Every module's background jobs: some on every process, some on one leader (jobs/runner.ts).
  // `JOBS` chooses which of them this node runs (jobs/selection.ts).
  const jobs = startJobs(
    selectJobs(
      MODULES.flatMap((module) => module.jobs?.(app.services, app.platform, app.log) ?? []),
      env.JOBS,
    ),
    { log: app.log, databaseUrl: env.DATABASE_URL, onRun: app.platform.metrics.jobRun },
  );
  app.platform.metrics.watchJobs(() => ({ jobs: jobs.status(), leaders: jobs.leaders() }));
  const opsChannel =
    database.kind === 'pglite' ? await startOpsChannel(env.DATA_DIR, app.services.ops) : undefined;

  const metricsListener = await startMetricsListener(env, app.platform.metrics);
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined,
      // Which prices this deployment takes orders on: the operator must be able to tell.
      marketFeed: env.MARKET_FEED,
      marketFeedUrl: env.MARKET_FEED === 'exchange' ? env.MARKET_FEED_URL : undefined,
      publishes: env.MARKET_FEED_PUBLISH,
    },
    `Ampere is up at http://localhost:${env.PORT}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
