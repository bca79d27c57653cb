import type { LedgerService } from '../../ledger/ledger.service.js';
import { defineModule } from '../../module.js';
import type { LevelsService } from '../../levels/levels.service.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import { chainConfigFromEnv } from './chain.config.js';
import { chainJobs } from './chain.jobs.js';
import { createChainService, type ChainService } from './chain.service.js';

/**
 * USDT on a real chain (docs/chain.md): deposit addresses, the watcher job, payouts. The funding
 * module consumes its service (`ChainPort`); it has no routes of its own.
 */
export const chainModule = defineModule({
  name: 'chain',
  create: (
    { db, bus, now, env },
    {
      ledger,
      notifications,
      levels,
    }: { ledger: LedgerService; notifications: NotificationsService; levels: LevelsService },
  ) =>
    createChainService({
      db,
      ledger,
      notifications,
      levels,
      bus,
      now,
      config: chainConfigFromEnv(env),
    }),
  jobs: ({ chain }: { chain: ChainService }, { env }, log) =>
    chainJobs(chain, env.CHAIN_POLL_MS, log),
});
