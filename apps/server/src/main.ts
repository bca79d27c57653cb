import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { openPreparedDatabase } from './bootstrap.js';
import { EnvError, loadEnv, type Env } from './config/env.js';
import { findWebDist } from './http/static.js';
import { startJobs } from './jobs/runner.js';
import { MODULES } from './modules/index.js';
import { startOpsChannel } from './ops/channel.js';

/** Longest we wait for in-flight requests on SIGTERM before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined;
  const webDist = env.WEB_DIST ?? findWebDist();
  const app = await buildApp({ env, database, redis, webDist });
  if (!webDist) app.log.warn('web app not built: run `npm run build` to serve it at /');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining and shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(async () => {
        await jobs.stop();
        await opsChannel?.close();
        await redis?.quit();
        await database.close();
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
  const jobs = startJobs(
    MODULES.flatMap((module) => module.jobs?.(app.services, app.platform, app.log) ?? []),
    { log: app.log, databaseUrl: env.DATABASE_URL },
  );
  const opsChannel =
    database.kind === 'pglite' ? await startOpsChannel(env.DATA_DIR, app.services.ops) : undefined;

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
