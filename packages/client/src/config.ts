import type { BaseConfig } from '@ampere/contract';
import {
  CONFIG_CACHE_MS,
  CONFIG_FIELD_MAX_TRIES,
  CONFIG_FIELD_POLL_MS,
  CONFIG_MIN_INTERVAL_MS,
  CONFIG_POLL_MS,
  CONFIG_WAIT_MS,
} from './constants';
import { ApiError } from './request';

/**
 * The launch config (SPEC §4, §9): cached for 30 s, fetched at most once per 5 s, and kept when a
 * refresh fails, because a stale config (socket address, language) serves the user better than
 * an error screen.
 */

/** Message keys the UI translates; the Error messages below are their English fallbacks. */
export const CONFIG_MESSAGE_KEYS = {
  loadFailed: 'config_load_failed',
  loadTimeout: 'config_load_timeout',
} as const;
export const CONFIG_LOAD_FAILED_MSG = 'Failed to load config';
export const CONFIG_LOAD_TIMEOUT_MSG = 'config load timeout';

export type ConfigError = ApiError | Error;

export type ConfigState =
  | { status: 'idle' }
  | { status: 'loading'; config?: BaseConfig }
  /** `error` is set when a refresh failed and this is the last good config. */
  | { status: 'ready'; config: BaseConfig; loadedAt: number; error?: ConfigError }
  /** `config` is the persisted copy from an earlier session, when there is one. */
  | { status: 'error'; error: ConfigError; config?: BaseConfig };

export interface ConfigPersistence {
  /** Should validate (e.g. with baseConfigSchema): the copy may predate an app update. */
  read(): BaseConfig | undefined;
  write(config: BaseConfig): void;
}

export interface ConfigLoaderDeps {
  fetchConfig(): Promise<BaseConfig>;
  now?: () => number;
  cacheMs?: number;
  minIntervalMs?: number;
  waitMs?: number;
  pollMs?: number;
  persist?: ConfigPersistence;
}

export interface ConfigLoader {
  load(opts?: { isUpdateConfig?: boolean }): Promise<BaseConfig>;
  waitForConfig(): Promise<BaseConfig>;
  waitForField<K extends keyof BaseConfig>(
    field: K,
    opts?: { intervalMs?: number; tries?: number },
  ): Promise<BaseConfig[K]>;
  getState(): ConfigState;
  subscribe(listener: (state: ConfigState) => void): () => void;
}

/**
 * Checks `probe` now and then every `intervalMs`, `tries` times in all; rejects with `timeout()`
 * after the last miss. Polling rather than subscribing keeps the SPEC's cadence observable.
 */
export function poll<T>(
  probe: () => { value: T } | undefined,
  intervalMs: number,
  tries: number,
  timeout: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let attempt = 0;
    const check = (): void => {
      attempt += 1;
      const hit = probe();
      if (hit !== undefined) resolve(hit.value);
      else if (attempt >= tries) reject(timeout());
      else setTimeout(check, intervalMs);
    };
    check();
  });
}

function toLoadError(cause: unknown): ConfigError {
  if (cause instanceof ApiError && cause.msg !== '') return cause;
  return new Error(CONFIG_LOAD_FAILED_MSG, { cause });
}

export function createConfigLoader(deps: ConfigLoaderDeps): ConfigLoader {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? CONFIG_CACHE_MS;
  const minIntervalMs = deps.minIntervalMs ?? CONFIG_MIN_INTERVAL_MS;
  const waitMs = deps.waitMs ?? CONFIG_WAIT_MS;
  const pollMs = deps.pollMs ?? CONFIG_POLL_MS;

  let fetched: { config: BaseConfig; loadedAt: number } | undefined;
  let persisted: BaseConfig | undefined;
  try {
    persisted = deps.persist?.read();
  } catch (error) {
    console.warn('[config] could not read the persisted config', error);
  }
  let lastFetchAtMs: number | undefined;
  let lastError: ConfigError | undefined;
  let inFlight: Promise<BaseConfig> | undefined;
  let state: ConfigState = { status: 'idle' };
  const listeners = new Set<(state: ConfigState) => void>();

  const setState = (next: ConfigState): void => {
    state = next;
    for (const listener of [...listeners]) {
      // One broken subscriber must not stop the others from seeing the new state.
      try {
        listener(next);
      } catch (error) {
        console.error('[config] subscriber failed', error);
      }
    }
  };

  const fallback = (): BaseConfig | undefined => fetched?.config ?? persisted;

  /** A config the app may run on: fetched this session, or persisted once a load has failed. */
  const usable = (): BaseConfig | undefined =>
    fetched?.config ?? (state.status === 'error' ? state.config : undefined);

  const run = async (): Promise<BaseConfig> => {
    try {
      const config = await deps.fetchConfig();
      const loadedAt = now();
      fetched = { config, loadedAt };
      lastError = undefined;
      try {
        deps.persist?.write(config);
      } catch (error) {
        console.warn('[config] could not persist the config', error);
      }
      setState({ status: 'ready', config, loadedAt });
      return config;
    } catch (cause) {
      const error = toLoadError(cause);
      lastError = error;
      console.warn('[config] load failed', error.message);
      if (fetched !== undefined) {
        setState({ status: 'ready', config: fetched.config, loadedAt: fetched.loadedAt, error });
        return fetched.config;
      }
      setState(
        persisted === undefined
          ? { status: 'error', error }
          : { status: 'error', error, config: persisted },
      );
      if (persisted !== undefined) return persisted;
      throw error;
    }
  };

  const startFetch = (): Promise<BaseConfig> => {
    lastFetchAtMs = now();
    const stale = fallback();
    setState(stale === undefined ? { status: 'loading' } : { status: 'loading', config: stale });
    const promise = run();
    inFlight = promise;
    // Cleared from outside run(): a fetchConfig that throws synchronously settles run() before
    // `inFlight` is even assigned.
    const clear = (): void => {
      if (inFlight === promise) inFlight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  };

  const load: ConfigLoader['load'] = ({ isUpdateConfig = false } = {}) => {
    if (inFlight !== undefined) return inFlight;
    if (!isUpdateConfig) {
      const at = now();
      if (fetched !== undefined && at - fetched.loadedAt < cacheMs) {
        return Promise.resolve(fetched.config);
      }
      if (lastFetchAtMs !== undefined && at - lastFetchAtMs < minIntervalMs) {
        const cached = fallback();
        if (cached !== undefined) return Promise.resolve(cached);
        return Promise.reject(lastError ?? new Error(CONFIG_LOAD_FAILED_MSG));
      }
    }
    return startFetch();
  };

  return {
    load,
    waitForConfig: () => {
      const probe = () => {
        const config = usable();
        return config === undefined ? undefined : { value: config };
      };
      const tries = Math.floor(waitMs / pollMs) + 1;
      return poll(probe, pollMs, tries, () => new Error(CONFIG_LOAD_TIMEOUT_MSG));
    },
    waitForField: (field, opts = {}) => {
      const probe = () => {
        const value = usable()?.[field];
        return value === undefined || value === '' ? undefined : { value };
      };
      const intervalMs = opts.intervalMs ?? CONFIG_FIELD_POLL_MS;
      const tries = opts.tries ?? CONFIG_FIELD_MAX_TRIES;
      return poll(probe, intervalMs, tries, () => new Error(`config field timeout: ${field}`));
    },
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
