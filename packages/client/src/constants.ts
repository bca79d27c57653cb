/**
 * SPEC §5, §7, §9 limits the client layer applies, named with their unit last. Shared by every
 * app built on @ampere/client (the user app, the back office).
 */

/** Login, logout and "you are offline" toasts stay 3 s (SPEC §8, §9). */
export const AUTH_TOAST_MS = 3000;

/** A relaunch waits this long so the outgoing toast or modal can close first (SPEC §2). */
export const RELAUNCH_DELAY_MS = 300;

export const REQUEST_TIMEOUT_MS = 60_000;

export const MAX_DISPLAY_DECIMALS = 20;

/** Values at or above this absolute size are abbreviated with K, M, B, T. */
export const ABBREVIATE_FROM = 1_000_000n;

/** Anything newer than this reads "Moment ago". */
export const RELATIVE_MOMENT_S = 300;

/** Day counts are shown below this many days; after that, 30-day months. */
export const RELATIVE_DAYS_MAX = 30;

export const CONFIG_CACHE_MS = 30_000;

export const CONFIG_FIELD_MAX_TRIES = 30;

/** Polling for single config fields (wss, language): once a second, up to 30 tries. */
export const CONFIG_FIELD_POLL_MS = 1000;

/** Never two config fetches closer together than this. */
export const CONFIG_MIN_INTERVAL_MS = 5000;

export const CONFIG_POLL_MS = 50;

export const CONFIG_WAIT_MS = 10_000;
