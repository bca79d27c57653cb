import type { Redis } from 'ioredis';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { createLifecycle } from './lifecycle.js';
import { createMetrics } from './metrics/metrics.js';
import { MODULES, type Services } from './modules/index.js';
import { createModuleServices, type Platform } from './modules/module.js';
import { createInProcessBus, createRedisBus } from './modules/realtime/bus.js';

export type { Services };

export interface PlatformDeps {
  env: Env;
  database: Database;
  redis?: Redis | undefined;
  /** The clock every rule reads; tests move it forward instead of waiting. */
  now?: (() => Date) | undefined;
}

/** The infrastructure every module shares: one per process. */
export function createPlatform({ env, database, redis, now }: PlatformDeps): Platform {
  const lifecycle = createLifecycle();
  const metrics = createMetrics({
    defaults: env.METRICS_TOKEN !== undefined || env.METRICS_ADDRESS !== undefined,
    draining: lifecycle.draining,
  });
  return {
    env,
    database,
    db: database.db,
    redis,
    bus: env.REDIS_URL
      ? createRedisBus(
          env.REDIS_URL,
          `${env.REDIS_PREFIX}rt:`,
          (error) => {
            console.error(`realtime bus: ${error.message}`);
          },
          metrics.delivered,
        )
      : createInProcessBus(),
    now,
    metrics,
    lifecycle,
  };
}

/** Every module's service, made once per process in MODULES order. */
export function createServices(platform: Platform): Services {
  return createModuleServices(MODULES, platform);
}
