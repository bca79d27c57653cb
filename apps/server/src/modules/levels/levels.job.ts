import { defineJob } from '../../jobs/runner.js';
import type { LevelsService } from './levels.service.js';

/** How often the leader looks for new thresholds (one small read when there are none). */
export const LEVELS_RECOMPUTE_EVERY_MS = 10_000;

/**
 * Brings every level to new thresholds (docs/backoffice.md, Member levels): nothing to do unless
 * the thresholds changed, then a pass over the users in bounded batches, continued run after
 * run. Events keep levels current between changes; this never scans for them.
 */
export function levelsRecomputeJob(levels: LevelsService, everyMs = LEVELS_RECOMPUTE_EVERY_MS) {
  return defineJob({
    name: 'users.levels',
    mode: 'leader',
    everyMs,
    async run() {
      const { changed, pending } = await levels.recomputeStep();
      return changed > 0 || pending
        ? { msg: 'member levels recomputed for new thresholds', fields: { changed, pending } }
        : undefined;
    },
  });
}
