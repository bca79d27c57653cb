import { memberLevelOf } from '@ampere/contract/admin';
import { defineJob } from '../../jobs/runner.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TradingService } from '../trading/trading.service.js';

/** How often member levels are brought up to the thresholds. */
export const LEVELS_EVERY_MS = 10 * 60_000;

/**
 * Member levels from the thresholds (settings, docs/backoffice.md): every user is raised to the
 * highest level their cumulative trading volume — the stakes of their settled orders, void ones
 * excluded — reaches in CNY or in USDT. Never lowered: a level staff set higher stays.
 */
export async function raiseMemberLevels(deps: {
  auth: AuthService;
  settings: SettingsService;
  trading: TradingService;
}): Promise<number> {
  const [thresholds, volumes] = await Promise.all([
    deps.settings.levels(),
    deps.trading.settledVolumes(),
  ]);
  const levels = new Map<bigint, number>();
  for (const [userId, volume] of volumes) levels.set(userId, memberLevelOf(volume, thresholds));
  return deps.auth.raiseLevels(levels);
}

export function memberLevelsJob(deps: Parameters<typeof raiseMemberLevels>[0]) {
  return defineJob({
    name: 'users.levels',
    mode: 'leader',
    everyMs: LEVELS_EVERY_MS,
    async run() {
      const raised = await raiseMemberLevels(deps);
      return raised > 0 ? { msg: 'member levels raised', fields: { raised } } : undefined;
    },
  });
}
