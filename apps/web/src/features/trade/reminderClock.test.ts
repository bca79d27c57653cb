import type { TradeLimits } from '@ampere/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_STORAGE_KEY, startReminder } from './reminderClock';
import type { ReminderDeps, ReminderVisibility } from './reminderClock';

function limits(reminderMinutes: number | null): TradeLimits {
  return {
    dailyLossMoney: null,
    dailyLossUsdt: null,
    dailyTrades: null,
    reminderMinutes,
    tz: 0,
    today: {
      orders: 3,
      net: { money: '-20.00', usdt: '0.000000' },
      open: { money: '0.00', usdt: '0.000000' },
    },
  };
}

function fakeVisibility() {
  let visible = true;
  const listeners = new Set<(v: boolean) => void>();
  const api: ReminderVisibility = {
    isVisible: () => visible,
    onChange: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
  return {
    api,
    set(next: boolean) {
      visible = next;
      for (const cb of listeners) cb(next);
    },
  };
}

function memorySession() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      data.set(k, v);
    },
  };
}

const MINUTE = 60_000;

describe('the responsible-trading reminder', () => {
  let minuteListeners: ((m: number | null) => void)[];
  let shown: { orders: number; usedMinutes: number }[];

  beforeEach(() => {
    vi.useFakeTimers();
    minuteListeners = [];
    shown = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(overrides: Partial<ReminderDeps> & { minutes?: number | null } = {}) {
    const { minutes = 2, ...rest } = overrides;
    return startReminder({
      user: 'alice',
      fetchLimits: () => Promise.resolve(limits(minutes)),
      show: (l, usedMinutes) => shown.push({ orders: l.today.orders, usedMinutes }),
      onMinutesChange: (cb) => {
        minuteListeners.push(cb);
        return () => undefined;
      },
      now: () => Date.now(),
      log: () => undefined,
      ...rest,
    });
  }

  it('shows today’s figures after the chosen minutes of use, then again after each interval', async () => {
    const visibility = fakeVisibility();
    const stop = start({ visibility: visibility.api });
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 10_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown).toEqual([{ orders: 3, usedMinutes: 2 }]);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(shown).toHaveLength(2);
    stop();
  });

  it('does not count time with the app in the background', async () => {
    const visibility = fakeVisibility();
    const stop = start({ visibility: visibility.api });
    await vi.advanceTimersByTimeAsync(MINUTE);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(shown).toEqual([]);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(shown).toHaveLength(1);
    stop();
  });

  it('stays quiet without a reminder set, and starts counting when one is saved', async () => {
    const stop = start({ minutes: null, visibility: fakeVisibility().api });
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(shown).toEqual([]);
    for (const listener of minuteListeners) listener(5);
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 10_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown).toHaveLength(1);
    stop();
  });

  it('keeps counting across a reload of the same user, not of another', async () => {
    const session = memorySession();
    const first = start({ session, visibility: fakeVisibility().api });
    await vi.advanceTimersByTimeAsync(MINUTE);
    first();
    expect(JSON.parse(session.data.get(REMINDER_STORAGE_KEY) ?? '{}')).toMatchObject({
      user: 'alice',
      usedMs: MINUTE,
    });
    const second = start({ session, visibility: fakeVisibility().api });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(shown).toHaveLength(1);
    second();

    const bob = start({ session, user: 'bob', visibility: fakeVisibility().api });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(shown).toHaveLength(1);
    bob();
  });

  it('asks the server nothing before a minute of use', async () => {
    let fetches = 0;
    const stop = start({
      visibility: fakeVisibility().api,
      fetchLimits: () => {
        fetches += 1;
        return Promise.resolve(limits(1));
      },
    });
    await vi.advanceTimersByTimeAsync(MINUTE - 10_000);
    expect(fetches).toBe(0);
    // The setting, then at once the one-minute reminder with fresh figures.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toBe(2);
    expect(shown).toEqual([{ orders: 3, usedMinutes: 1 }]);
    stop();
  });

  it('stops for good', async () => {
    const stop = start({ visibility: fakeVisibility().api });
    stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(shown).toEqual([]);
  });
});
