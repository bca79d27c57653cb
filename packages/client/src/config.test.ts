import type { BaseConfig } from '@ampere/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigLoaderDeps, ConfigState } from './config';
import {
  CONFIG_LOAD_FAILED_MSG,
  CONFIG_LOAD_TIMEOUT_MSG,
  createConfigLoader,
  poll,
} from './config';
import { ApiError } from './request';

const CONFIG = {
  appName: 'Ampere',
  version: '1.0.1',
  versionCode: 101,
  wss: 'wss://app.example/ws',
  language: 'en-US',
  Black_run: 'https://app.example/blocked',
  rechargeOpen: true,
  withdrawOpen: true,
  currencies: [{ key: 'money', name: 'CNY' }],
  serverTime: 0,
  feedSimulated: true,
  chainPublicKey: 'MCowBQYDK2VwAyEA',
} satisfies BaseConfig;

/** A config endpoint whose answers the test scripts one by one. */
function scriptedEndpoint() {
  const answers: (() => Promise<BaseConfig>)[] = [];
  let calls = 0;
  const fetchConfig = () => {
    calls += 1;
    const next = answers.shift();
    return next ? next() : Promise.resolve(CONFIG);
  };
  return {
    fetchConfig,
    calls: () => calls,
    failNext: (error: Error) => answers.push(() => Promise.reject(error)),
    answerNext: (config: BaseConfig) => answers.push(() => Promise.resolve(config)),
  };
}

function loader(extra: Partial<ConfigLoaderDeps> = {}) {
  const endpoint = scriptedEndpoint();
  const states: ConfigState[] = [];
  const config = createConfigLoader({
    fetchConfig: endpoint.fetchConfig,
    now: () => Date.now(),
    ...extra,
  });
  config.subscribe((s) => states.push(s));
  return { config, endpoint, states };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('load', () => {
  it('moves idle → loading → ready and records loadedAt', async () => {
    const { config, states } = loader();
    expect(config.getState()).toEqual({ status: 'idle' });
    await expect(config.load()).resolves.toEqual(CONFIG);
    expect(states).toEqual([
      { status: 'loading' },
      { status: 'ready', config: CONFIG, loadedAt: 1_000_000 },
    ]);
  });

  it('serves the cache for 30 s, then fetches again', async () => {
    const { config, endpoint } = loader();
    await config.load();
    vi.advanceTimersByTime(29_999);
    await config.load();
    expect(endpoint.calls()).toBe(1);
    vi.advanceTimersByTime(1);
    await config.load();
    expect(endpoint.calls()).toBe(2);
  });

  it('shares one fetch between concurrent loads, forced or not', async () => {
    const { config, endpoint } = loader();
    const results = await Promise.all([
      config.load(),
      config.load(),
      config.load({ isUpdateConfig: true }),
    ]);
    expect(results).toEqual([CONFIG, CONFIG, CONFIG]);
    expect(endpoint.calls()).toBe(1);
  });

  it('isUpdateConfig bypasses the cache', async () => {
    const { config, endpoint } = loader();
    await config.load();
    const fresh = { ...CONFIG, wss: 'wss://new/ws' };
    endpoint.answerNext(fresh);
    await expect(config.load({ isUpdateConfig: true })).resolves.toEqual(fresh);
    expect(endpoint.calls()).toBe(2);
  });

  it('keeps the last good config when a refresh fails, exposing the error', async () => {
    const { config, endpoint } = loader();
    await config.load();
    vi.advanceTimersByTime(31_000);
    const error = new ApiError(9003, 'Service unavailable');
    endpoint.failNext(error);
    await expect(config.load()).resolves.toEqual(CONFIG);
    expect(config.getState()).toEqual({
      status: 'ready',
      config: CONFIG,
      loadedAt: 1_000_000,
      error,
    });

    // Within 5 s of that failed fetch, no new fetch: the stale config is served.
    vi.advanceTimersByTime(4_999);
    await expect(config.load()).resolves.toEqual(CONFIG);
    expect(endpoint.calls()).toBe(2);
    vi.advanceTimersByTime(1);
    await config.load();
    expect(endpoint.calls()).toBe(3);
    expect(config.getState()).toMatchObject({ status: 'ready', loadedAt: 1_036_000 });
  });

  it('without a cache, fails with the server msg and holds off refetching for 5 s', async () => {
    const { config, endpoint } = loader();
    const error = new ApiError(9003, 'Maintenance');
    endpoint.failNext(error);
    await expect(config.load()).rejects.toBe(error);
    expect(config.getState()).toEqual({ status: 'error', error });
    await expect(config.load()).rejects.toBe(error);
    expect(endpoint.calls()).toBe(1);
    vi.advanceTimersByTime(5_000);
    await expect(config.load()).resolves.toEqual(CONFIG);
    expect(endpoint.calls()).toBe(2);
  });

  it('uses the fallback message when the failure carries none', async () => {
    const { config, endpoint } = loader();
    endpoint.failNext(new TypeError('boom'));
    const error = await config.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error instanceof Error && error.message).toBe(CONFIG_LOAD_FAILED_MSG);
    expect(error instanceof Error && error.cause).toBeInstanceOf(TypeError);
  });

  it('survives a fetchConfig that throws synchronously', async () => {
    let throwNow = true;
    const config = createConfigLoader({
      fetchConfig: () => {
        if (throwNow) throw new Error('sync');
        return Promise.resolve(CONFIG);
      },
    });
    await expect(config.load()).rejects.toThrow(CONFIG_LOAD_FAILED_MSG);
    throwNow = false;
    await expect(config.load({ isUpdateConfig: true })).resolves.toEqual(CONFIG);
  });
});

describe('persistence', () => {
  it('writes each loaded config and falls back to the persisted copy on failure', async () => {
    const stored = { ...CONFIG, wss: 'wss://persisted/ws' };
    const write = vi.fn();
    const { config, endpoint, states } = loader({ persist: { read: () => stored, write } });
    endpoint.failNext(new ApiError(9003, 'down'));
    await expect(config.load()).resolves.toEqual(stored);
    expect(states[0]).toEqual({ status: 'loading', config: stored });
    expect(config.getState()).toMatchObject({ status: 'error', config: stored });
    expect(write).not.toHaveBeenCalled();

    vi.advanceTimersByTime(5_000);
    await config.load();
    expect(write).toHaveBeenCalledWith(CONFIG);
  });

  it('tolerates a persistence layer that throws', async () => {
    const { config } = loader({
      persist: {
        read: () => {
          throw new Error('corrupt');
        },
        write: () => {
          throw new Error('quota');
        },
      },
    });
    await expect(config.load()).resolves.toEqual(CONFIG);
    expect(config.getState().status).toBe('ready');
  });
});

describe('waiting', () => {
  it('waitForConfig resolves once a load lands', async () => {
    const { config } = loader();
    const waiting = config.waitForConfig();
    vi.advanceTimersByTime(500);
    await config.load();
    await vi.advanceTimersByTimeAsync(50);
    await expect(waiting).resolves.toEqual(CONFIG);
  });

  it('waitForConfig rejects after 10 s with "config load timeout"', async () => {
    const { config } = loader();
    let settled = false;
    const waiting = config
      .waitForConfig()
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await waiting;
    expect(error instanceof Error && error.message).toBe(CONFIG_LOAD_TIMEOUT_MSG);
  });

  it('waitForConfig accepts the persisted copy once loading has failed', async () => {
    const { config, endpoint } = loader({
      persist: { read: () => CONFIG, write: () => undefined },
    });
    endpoint.failNext(new Error('down'));
    await config.load();
    await expect(config.waitForConfig()).resolves.toEqual(CONFIG);
  });

  it('waitForField polls each second, up to 30 tries', async () => {
    const { config } = loader();
    const wss = config.waitForField('wss');
    await vi.advanceTimersByTimeAsync(3_000);
    await config.load();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(wss).resolves.toBe('wss://app.example/ws');

    const { config: never } = loader();
    const language = never.waitForField('language').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(28_999); // tries 1..29 at 0 s..28 s
    await vi.advanceTimersByTimeAsync(1); // try 30 at 29 s
    const error = await language;
    expect(error instanceof Error && error.message).toBe('config field timeout: language');
  });

  it('waitForField treats an empty string as not yet set and honours options', async () => {
    const { config } = loader();
    await config.load();
    const { config: empty, endpoint } = loader();
    endpoint.answerNext({ ...CONFIG, wss: '' });
    await empty.load();
    const pending = empty
      .waitForField('wss', { intervalMs: 10, tries: 3 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20);
    expect(await pending).toBeInstanceOf(Error);
    await expect(config.waitForField('rechargeOpen')).resolves.toBe(true);
  });
});

describe('subscribe', () => {
  it('stops notifying after unsubscribe and isolates a throwing subscriber', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = createConfigLoader({ fetchConfig: () => Promise.resolve(CONFIG) });
    const seen: string[] = [];
    config.subscribe(() => {
      throw new Error('bad subscriber');
    });
    const stop = config.subscribe((s) => seen.push(s.status));
    await config.load();
    stop();
    await config.load({ isUpdateConfig: true });
    expect(seen).toEqual(['loading', 'ready']);
    expect(console.error).toHaveBeenCalled();
  });
});

describe('poll', () => {
  it('checks immediately, then on each interval, exactly `tries` times', async () => {
    let checks = 0;
    const pending = poll(
      () => {
        checks += 1;
        return undefined;
      },
      100,
      3,
      () => new Error('gave up'),
    ).catch((e: unknown) => e);
    expect(checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(checks).toBe(3);
    expect(await pending).toEqual(new Error('gave up'));
  });
});
