import { createApi, createConfigLoader, parseBaseConfig } from '@ampere/client';
import { ERRORS } from '@ampere/contract';
import { AUTH_TOAST_MS } from '@/lib/constants';
import { loginRedirect } from '@/lib/nav';
import { launchFetch } from '@/lib/launchRequest';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { currentLocale, i18n } from '@/i18n';
import { relaunch } from './navigation';
import { sendTo } from './restriction';
import { clearSession, getSession, markAccountDisabled, replaceToken } from './session';

/** The hash route the user is on, e.g. "/app/pages/user/setting/index?x=1". */
function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * SPEC §8: a 401 clears the user, says why for 3 s (the server's words, or "You are offline,
 * please log in again"), and relaunches at login. The return address brings the user back to
 * where they were once they sign in again.
 */
function endSession(serverMsg: string | undefined): void {
  const target = loginRedirect(currentRoute());
  clearSession();
  relaunch(target, { content: serverMsg ?? i18n.t('errors.offline'), durationMs: AUTH_TOAST_MS });
}

/**
 * SPEC §4: a refusal for a restriction names where to send the user. A disabled account that
 * was signed in becomes "status 0" in the session, and the shell sends it to config `Black_run`
 * from then on; a blocked address, or a disabled account signing in, is sent there now.
 */
function restricted({ code, redirect }: { code: number; redirect: string }): void {
  if (code === ERRORS.ACCOUNT_DISABLED.code && getSession().user !== undefined) {
    markAccountDisabled();
    return;
  }
  sendTo(redirect);
}

/** The one request client of the app (SPEC §7). */
export const api = createApi({
  getToken: () => getSession().token,
  setToken: replaceToken,
  getLanguage: currentLocale,
  onUnauthorized: endSession,
  onRestricted: restricted,
  // The launch's first reads may already be on their way from first-page.js (lib/launchRequest.ts).
  fetchImpl: launchFetch(window, (input, init) => fetch(input, init)),
});

/**
 * The launch config (SPEC §4). The last good copy is kept in storage, so a launch while the
 * server is unreachable still starts; it is validated on read because it may predate an update.
 */
export const configLoader = createConfigLoader({
  fetchConfig: async () => {
    const config = parseBaseConfig(await api.get('common/base'));
    if (config === undefined) throw new TypeError('common/base: not a launch config');
    return config;
  },
  persist: {
    read: () => storage.get(STORAGE_KEYS.config, parseBaseConfig),
    write: (config) => {
      storage.set(STORAGE_KEYS.config, config);
    },
  },
});
