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

/**
 * A throttle: `free` counted events in the window, then a wait that doubles with each one
 * (2 s, 4 s, …) up to `maxDelayMs`; at `maxPerWindow` the rest of the window is refused.
 */
export interface ThrottleRule {
  free: number;
  maxPerWindow: number;
  maxDelayMs: number;
}

/**
 * Sign-in and recovery failures (docs/accounts.md, "Brute force"). The lockout is per account
 * name AND address, so a guesser locks only their own address out of that account. Across
 * addresses an account is only slowed, with short waits, and an address the account signed in
 * from before is never held by that count: nobody can keep a chosen account locked. Across
 * accounts an address is slowed only well past what a shared (NAT) address sees, and never
 * refused outright.
 */
export const PAIR_THROTTLE: ThrottleRule = { free: 5, maxPerWindow: 100, maxDelayMs: 15 * 60_000 };
export const ACCOUNT_THROTTLE: ThrottleRule = {
  free: 20,
  maxPerWindow: Number.POSITIVE_INFINITY,
  maxDelayMs: 30_000,
};
export const IP_THROTTLE: ThrottleRule = {
  free: 200,
  maxPerWindow: Number.POSITIVE_INFINITY,
  maxDelayMs: 30_000,
};
/**
 * New accounts per address and hour: `free` (REGISTRATIONS_PER_HOUR, default 10) freely, then a
 * doubling wait, at most five times that.
 */
export function registerThrottle(free = 10): ThrottleRule {
  return { free, maxPerWindow: free * 5, maxDelayMs: 15 * 60_000 };
}
/** An address the account signed in from within this long is one of the owner's. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

export const FUND_PASSWORD_LOCK_AFTER = 5;
export const FUND_PASSWORD_LOCK_MS = 30 * 60_000;

/**
 * How long to wait before the next attempt after `failures` counted events in the window; 0
 * when an attempt is allowed now.
 */
export function throttleWaitMs(
  rule: ThrottleRule,
  failures: number,
  lastFailureAt: Date,
  windowStartedAt: Date,
  now: Date,
): number {
  const windowEnds = windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  if (now.getTime() >= windowEnds) return 0;
  if (failures >= rule.maxPerWindow) return windowEnds - now.getTime();
  if (failures < rule.free) return 0;
  const delay = Math.min(1000 * 2 ** (failures - rule.free + 1), rule.maxDelayMs);
  return Math.max(0, lastFailureAt.getTime() + delay - now.getTime());
}
