import type { BaseConfig } from '@ampere/contract';
import { createContext, use, useSyncExternalStore } from 'react';
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

const subscribe = (onChange: () => void) => configLoader.subscribe(onChange);
const getState = () => configLoader.getState();

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
  const state = useSyncExternalStore(subscribe, getState);
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
