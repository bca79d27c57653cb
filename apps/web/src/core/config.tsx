import type { BaseConfig } from '@ampere/contract';
import { createContext, startTransition, use, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from '@/components/FullScreenState';
import { apiErrorKey, isApiError, type ConfigState } from '@ampere/client';
import { configLoader } from './api';

export const ConfigContext = createContext<BaseConfig | undefined>(undefined);

/** The launch config. Only pages under <ConfigGate> render, so it is always there. */
export function useConfig(): BaseConfig {
  const config = use(ConfigContext);
  if (config === undefined) throw new Error('useConfig outside <ConfigGate>');
  return config;
}

const getState = () => configLoader.getState();

/**
 * The loader's state, its changes rendered as transitions (issue #20, TBT): the config arriving
 * at launch renders the whole app below the gate (Home and its parts), which as an external
 * store's update (`useSyncExternalStore`) React renders in one blocking task — ≈ 230 ms at 4× CPU
 * on Home. As a transition it renders in slices, yielding to the browser between them; the
 * loading screen stays up until the app's first render is complete.
 */
function useConfigState(): ConfigState {
  const [state, setState] = useState(getState);
  useEffect(() => {
    const update = () => {
      startTransition(() => {
        setState(getState());
      });
    };
    const stop = configLoader.subscribe(update);
    // A change between the first render and this subscription (the same state renders nothing).
    update();
    return stop;
  }, []);
  return state;
}

function usableConfig(state: ConfigState): BaseConfig | undefined {
  return state.status === 'idle' ? undefined : state.config;
}

/**
 * Holds the app until there is a config to run on (SPEC §4). A returning user starts at once on
 * the copy stored last time while the fresh one loads (and keeps it if the server cannot be
 * reached); a first launch shows a loading screen, and if that load fails, an error with a retry.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const state = useConfigState();
  const config = usableConfig(state);
  if (config) return <ConfigContext value={config}>{children}</ConfigContext>;
  if (state.status !== 'error') {
    return <FullScreenState kind="loading" message={t('common.loading')} />;
  }
  // SPEC §8: the server's message when it sent one, else "Failed to load config" — or, when no
  // answer came at all (offline, issue #20), "Network connection failed".
  const serverMsg =
    isApiError(state.error) && state.error.status !== undefined ? state.error.msg : '';
  const unreachable = apiErrorKey(state.error) === 'request_failed';
  return (
    <FullScreenState
      kind="error"
      message={serverMsg || t(unreachable ? 'errors.request_failed' : 'errors.config_load_failed')}
      actionLabel={t('common.retry')}
      onAction={() => {
        // The outcome shows up through the loader state this component subscribes to.
        configLoader.load({ isUpdateConfig: true }).catch(() => undefined);
      }}
    />
  );
}
