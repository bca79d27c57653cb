import type { TradeLimits } from '@ampere/contract';
import { documentVisibility, type PageVisibility } from '@/lib/visibility';

/**
 * The responsible-trading reminder (docs/trading-rules.md): after `reminderMinutes` of use of the
 * app in this session, the user is shown the day's result, and again after each further interval.
 * Use is time with the app in the foreground: a phone in a pocket is not trading. The time used
 * so far is kept in sessionStorage, so reloading the page does not restart the count, while a
 * new tab or another user starts afresh. Framework-free, so the timing can be tested with fake
 * timers.
 */

export type ReminderVisibility = PageVisibility;

export interface ReminderDeps {
  /** Whose session this is: another user's count never carries over. */
  user: string;
  fetchLimits: () => Promise<TradeLimits>;
  /** Shows the reminder with today's figures, after `usedMinutes` of use. */
  show: (limits: TradeLimits, usedMinutes: number) => void;
  /** A new interval saved by the user; returns the way to stop listening. */
  onMinutesChange: (cb: (minutes: number | null) => void) => () => void;
  visibility?: ReminderVisibility;
  session?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now?: () => number;
  tickMs?: number;
  log?: (msg: string, detail?: unknown) => void;
}

export const REMINDER_STORAGE_KEY = 'ampere.tradeReminder';
/** How often use is counted while visible; the reminder is at most this late. */
export const REMINDER_TICK_MS = 5000;
/**
 * The setting is first asked for after this much use: no reminder can be due sooner (the shortest
 * is a minute), and a visit shorter than that costs no request.
 */
export const REMINDER_FIRST_LOOK_MS = 60_000;

interface Progress {
  user: string;
  /** Foreground time in this session. */
  usedMs: number;
  /** `usedMs` when the interval last started (the last reminder, or a new setting). */
  sinceMs: number;
}

function readProgress(deps: ReminderDeps): Progress {
  const fresh = { user: deps.user, usedMs: 0, sinceMs: 0 };
  try {
    const raw = deps.session?.getItem(REMINDER_STORAGE_KEY);
    if (raw === null || raw === undefined) return fresh;
    const stored: unknown = JSON.parse(raw);
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'user' in stored &&
      stored.user === deps.user &&
      'usedMs' in stored &&
      'sinceMs' in stored &&
      typeof stored.usedMs === 'number' &&
      typeof stored.sinceMs === 'number' &&
      stored.usedMs >= 0 &&
      stored.sinceMs >= 0 &&
      stored.sinceMs <= stored.usedMs
    ) {
      return { user: deps.user, usedMs: stored.usedMs, sinceMs: stored.sinceMs };
    }
  } catch {
    // Unreadable or unavailable storage: count from zero.
  }
  return fresh;
}

/** Whether a reminder is due: `minutes` of use since the interval started. */
export function reminderDue(progress: Progress, minutes: number | null): boolean {
  return minutes !== null && minutes > 0 && progress.usedMs - progress.sinceMs >= minutes * 60_000;
}

/** Starts counting; the returned function stops it. */
export function startReminder(deps: ReminderDeps): () => void {
  const now = deps.now ?? Date.now;
  const tickMs = deps.tickMs ?? REMINDER_TICK_MS;
  const visibility = deps.visibility ?? documentVisibility();
  const log =
    deps.log ??
    ((msg: string, detail?: unknown) => {
      console.warn(msg, detail);
    });
  const progress = readProgress(deps);
  let minutes: number | null = null;
  /** Whether the setting is known: fetched, or saved by the user since. */
  let known = false;
  let loading = false;
  let lastTick = now();
  let visible = visibility.isVisible();
  let stopped = false;
  let showing = false;

  const save = () => {
    try {
      deps.session?.setItem(REMINDER_STORAGE_KEY, JSON.stringify(progress));
    } catch {
      // A full or unavailable storage only means a reload counts from zero.
    }
  };

  const remind = () => {
    showing = true;
    progress.sinceMs = progress.usedMs;
    save();
    const usedMinutes = Math.floor(progress.usedMs / 60_000);
    deps
      .fetchLimits()
      .then((limits) => {
        if (!stopped) deps.show(limits, usedMinutes);
      })
      .catch((error: unknown) => {
        log('[reminder] could not load today’s figures', error);
      })
      .finally(() => {
        showing = false;
      });
  };

  const load = () => {
    loading = true;
    deps
      .fetchLimits()
      .then((limits) => {
        if (stopped || known) return;
        known = true;
        minutes = limits.reminderMinutes;
        tick();
      })
      .catch((error: unknown) => {
        // Asked again on a later tick.
        log('[reminder] could not load the reminder setting', error);
      })
      .finally(() => {
        loading = false;
      });
  };

  function tick(): void {
    const at = now();
    if (visible) progress.usedMs += Math.max(0, at - lastTick);
    lastTick = at;
    save();
    if (!known && !loading && progress.usedMs >= REMINDER_FIRST_LOOK_MS) load();
    if (!showing && reminderDue(progress, minutes)) remind();
  }

  const timer = setInterval(tick, tickMs);
  const offVisibility = visibility.onChange((next) => {
    tick();
    visible = next;
  });
  const offMinutes = deps.onMinutesChange((next) => {
    tick();
    // A new interval counts from now: setting 30 minutes after an hour of use is not an
    // instant reminder, it is one in 30 minutes.
    if (next !== minutes) progress.sinceMs = progress.usedMs;
    minutes = next;
    known = true;
    save();
  });
  tick();

  return () => {
    if (stopped) return;
    tick();
    stopped = true;
    clearInterval(timer);
    offVisibility();
    offMinutes();
  };
}
