import {
  APP_VERSION,
  APP_VERSION_CODE,
  CURRENCIES,
  type BaseConfig,
  type LocaleKey,
} from '@ampere/contract';
import { closeTipFor, type SettingsService } from '../settings/settings.service.js';

export const SOCKET_PATH = '/api/v1/ws';
export const RESTRICTED_PAGE = '/#/app/pages/common/limitPage';

export interface CommonServiceDeps {
  settings: SettingsService;
  /** PUBLIC_URL when set: the address users reach us at, behind any proxy. */
  publicUrl: string | undefined;
  feedSimulated: boolean;
  /** The chain heads' public key (base64, raw 32 bytes). */
  chainPublicKey: string;
  now?: () => number;
}

/** `http://host` → `ws://host/api/v1/ws`; `https://` → `wss://`. */
export function socketUrl(origin: string): string {
  const url = new URL(SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createCommonService(deps: CommonServiceDeps) {
  const now = deps.now ?? Date.now;
  async function blackRunUrl(requestOrigin: string): Promise<string> {
    const settings = await deps.settings.get();
    return (
      settings.blackRunUrl || new URL(RESTRICTED_PAGE, deps.publicUrl ?? requestOrigin).toString()
    );
  }

  return {
    blackRunUrl,

    /** The origin users reach us at: PUBLIC_URL when set, else where this request came in. */
    publicOrigin: (requestOrigin: string) => deps.publicUrl ?? requestOrigin,

    /**
     * GET common/base. `requestOrigin` is where this request came in; PUBLIC_URL overrides it so
     * links stay right behind a proxy. A closed recharge or withdrawal carries the operator's
     * tip in `locale` (or English), when there is one.
     */
    async baseConfig(requestOrigin: string, locale: LocaleKey): Promise<BaseConfig> {
      const settings = await deps.settings.get();
      const origin = deps.publicUrl ?? requestOrigin;
      const rechargeTip = settings.rechargeOpen
        ? undefined
        : closeTipFor(settings.rechargeCloseTip, locale);
      const withdrawTip = settings.withdrawOpen
        ? undefined
        : closeTipFor(settings.withdrawCloseTip, locale);
      return {
        appName: settings.appName,
        version: APP_VERSION,
        versionCode: APP_VERSION_CODE,
        wss: socketUrl(origin),
        language: settings.defaultLanguage,
        Black_run: await blackRunUrl(requestOrigin),
        rechargeOpen: settings.rechargeOpen,
        withdrawOpen: settings.withdrawOpen,
        ...(rechargeTip === undefined ? {} : { rechargeCloseTip: rechargeTip }),
        ...(withdrawTip === undefined ? {} : { withdrawCloseTip: withdrawTip }),
        currencies: CURRENCIES.map(({ key, name }) => ({ key, name })),
        serverTime: now(),
        feedSimulated: deps.feedSimulated,
        chainPublicKey: deps.chainPublicKey,
      };
    },
  };
}

export type CommonService = ReturnType<typeof createCommonService>;
