import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { openPreparedDatabase } from './bootstrap.js';
import { EnvError, loadEnv, type Env } from './config/env.js';
import { findWebDist } from './http/static.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { startReconciliationJob } from './modules/ledger/reconcile.job.js';
import { startMarketPublisher } from './modules/market/publisher.js';
import { startSettlementWorker } from './modules/trading/settlement.job.js';
import { createOpsService } from './modules/ops/ops.service.js';
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
        stopReconciling();
        await publisher?.stop();
        await settlement.stop();
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

  const stopReconciling = startReconciliationJob(database.db, app.log, env.RECONCILE_EVERY_MS);
  // Every process settles: claims skip rows another process holds, so none settles twice.
  const settlement = startSettlementWorker(app.services.trading, app.log);
  // Every process that may publish campaigns for the feed's leader lock; one publishes at a time.
  const publisher = env.MARKET_FEED_PUBLISH
    ? startMarketPublisher({
        market: app.services.market,
        log: app.log,
        feed: env.MARKET_FEED,
        databaseUrl: env.DATABASE_URL,
        exchangeUrl: env.MARKET_FEED_URL,
        outlierBps: env.MARKET_OUTLIER_BPS,
        db: database.db,
        tickRetentionMs: env.MARKET_TICK_RETENTION_DAYS * 86_400_000,
      })
    : undefined;
  const opsChannel =
    database.kind === 'pglite'
      ? await startOpsChannel(
          env.DATA_DIR,
          createOpsService({
            db: database.db,
            ledger: createLedgerService(),
            audit: createAuditService(),
          }),
        )
      : undefined;

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
