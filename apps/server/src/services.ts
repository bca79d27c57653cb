import type { Redis } from 'ioredis';
import type { Env } from './config/env.js';
import type { Database } from './db/client.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createCommonService } from './modules/common/common.service.js';
import { createContentRepository } from './modules/content/content.repository.js';
import { createContentService } from './modules/content/content.service.js';
import { createHealthService } from './modules/health/health.service.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { createChainSigner, headsFileAppender } from './modules/market/chain-signing.js';
import { createMarketService } from './modules/market/market.service.js';
import { createInProcessBus, createRedisBus, type Bus } from './modules/realtime/bus.js';
import {
  SESSION_REVOKED_CHANNEL,
  type RevokedMessage,
} from './modules/realtime/session-sockets.js';
import { createOpsService } from './modules/ops/ops.service.js';
import { createTradingService } from './modules/trading/trading.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createWalletService } from './modules/wallet/wallet.service.js';

/** Feeds whose prices are generated here rather than taken from a market; the UI labels them. */
const SIMULATED_FEEDS: ReadonlySet<string> = new Set(['simulated']);

export interface ServiceDeps {
  env: Env;
  database: Database;
  redis?: Redis | undefined;
  /** The clock every rule reads; tests move it forward instead of waiting. */
  now?: (() => Date) | undefined;
}

/** Wires repositories into services once per process; routes receive the result. */
export function createServices({ env, database, redis, now }: ServiceDeps) {
  const db = database.db;
  const settings = createSettingsService(createSettingsRepository(db));
  const content = createContentService(createContentRepository(db));
  const ledger = createLedgerService(now ? { now } : {});
  const bus: Bus = env.REDIS_URL
    ? createRedisBus(env.REDIS_URL, (error) => {
        console.error(`realtime bus: ${error.message}`);
      })
    : createInProcessBus();
  const audit = createAuditService();
  const market = createMarketService({
    db,
    bus,
    ...(now ? { now: () => now().getTime() } : {}),
    signer: createChainSigner({ key: env.CHAIN_SIGNING_KEY, dataDir: env.DATA_DIR }),
    appendHeads: headsFileAppender(env.DATA_DIR),
  });
  return {
    settings,
    content,
    ledger,
    auth: createAuthService({
      db,
      ledger,
      ...(now ? { now } : {}),
      registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
      // Every node closes the sockets of ended sessions (modules/realtime/session-sockets.ts).
      onRevoked: ({ userId, sessionIds }) => {
        bus.publish(SESSION_REVOKED_CHANNEL, {
          userId: userId.toString(),
          ...(sessionIds ? { sessionIds: sessionIds.map(String) } : {}),
        } satisfies RevokedMessage);
      },
    }),
    account: createAccountService({ db, ledger }),
    wallet: createWalletService({ db, ledger }),
    audit,
    bus,
    market,
    trading: createTradingService({
      db,
      ledger,
      market,
      bus,
      ...(now ? { now: () => now().getTime() } : {}),
    }),
    ops: createOpsService({ db, ledger, audit }),
    common: createCommonService({
      settings,
      publicUrl: env.PUBLIC_URL,
      feedSimulated: SIMULATED_FEEDS.has(env.MARKET_FEED),
      chainPublicKey: market.chainPublicKey(),
    }),
    health: createHealthService({ database, redis }),
  };
}

export type Services = ReturnType<typeof createServices>;
