import type { UserGuard } from '../auth/auth.guard.js';
import { defineModule } from '../module.js';
import type { SettingsService } from '../settings/settings.service.js';
import { levelsRecomputeJob } from './levels.job.js';
import { levelsRoutes } from './levels.routes.js';
import { createLevelsService, type LevelsService } from './levels.service.js';

/**
 * Member levels (issue #17 item 5, docs/backoffice.md): trading, funding and the chain record
 * their events through this service inside their own transactions, so it is made before them;
 * it needs only the settings (the thresholds).
 */
export const levelsModule = defineModule({
  name: 'levels',
  create: ({ db, now }, { settings }: { settings: SettingsService }) =>
    createLevelsService({ db, settings, ...(now ? { now } : {}) }),
  routes: (services: { levels: LevelsService; guard: UserGuard }) => levelsRoutes(services),
  jobs: ({ levels }: { levels: LevelsService }) => [levelsRecomputeJob(levels)],
});
