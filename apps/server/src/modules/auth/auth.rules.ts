/**
 * The numbers of the account-security rules (docs/accounts.md), in one place.
 */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** A token older than this is replaced on its next use (new one in the Authorization header). */
export const SESSION_ROTATE_AFTER_MS = 15 * 60_000;
/** The replaced token keeps working this long, for requests already in flight. */
export const SESSION_ROTATION_GRACE_MS = 60_000;
/** last_seen_at is written at most this often per session, not on every request. */
export const SESSION_TOUCH_EVERY_MS = 60_000;

export const THROTTLE_WINDOW_MS = 3600_000;
/** Per account: 5 free failures, then a doubling wait (2 s, 4 s, … up to 15 min); at most 100 an hour. */
export const ACCOUNT_THROTTLE = { free: 5, maxPerWindow: 100 } as const;
/** Per address: more lenient, since many people can share one address. */
export const IP_THROTTLE = { free: 20, maxPerWindow: 500 } as const;
export const THROTTLE_MAX_DELAY_MS = 15 * 60_000;

export const FUND_PASSWORD_LOCK_AFTER = 5;
export const FUND_PASSWORD_LOCK_MS = 30 * 60_000;

/**
 * How long to wait before the next attempt after `failures` failures in the window; 0 when an
 * attempt is allowed now.
 */
export function throttleWaitMs(
  rule: { free: number; maxPerWindow: number },
  failures: number,
  lastFailureAt: Date,
  windowStartedAt: Date,
  now: Date,
): number {
  const windowEnds = windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  if (now.getTime() >= windowEnds) return 0;
  if (failures >= rule.maxPerWindow) return windowEnds - now.getTime();
  if (failures < rule.free) return 0;
  const delay = Math.min(1000 * 2 ** (failures - rule.free + 1), THROTTLE_MAX_DELAY_MS);
  return Math.max(0, lastFailureAt.getTime() + delay - now.getTime());
}
