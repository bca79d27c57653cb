import { LOCALES } from '@ampere/contract';
import type { ErrorMessages } from '@ampere/contract/error-messages';
import errorsEnUS from '@ampere/contract/error-messages/en-US.json';
import staffErrorsEnUS from '@ampere/contract/error-messages/staff/en-US.json';
import { enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdEnUS from 'antd/locale/en_US';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import enUS from './locales/en-US';

/**
 * The staff languages: Simplified Chinese and English. Messages live in one JSON file per feature
 * per locale (`locales/<locale>/<feature>.json`, merged by the locale's index.ts), as in the user
 * app. English ships with the app and is the fallback; Chinese — its messages, the contract's
 * error catalogues (the users' codes and the staff's 7000s), antd's strings and dayjs's calendar
 * words — is fetched when chosen.
 */
export const ADMIN_LOCALE_KEYS = ['zh-Hans', 'en-US'] as const;
export type AdminLocale = (typeof ADMIN_LOCALE_KEYS)[number];
export const FALLBACK_ADMIN_LOCALE: AdminLocale = 'en-US';

/** Each staff language with its own name, as the contract lists it. */
export const ADMIN_LOCALES = ADMIN_LOCALE_KEYS.map((key) => ({
  key,
  name: LOCALES.find((locale) => locale.key === key)?.name ?? key,
}));

type Messages = typeof enUS;

/** ProComponents' own strings (search forms, table toolbars, layout). */
type ProIntl = typeof enUSIntl;

interface LocaleBundle {
  messages: Messages;
  errors: ErrorMessages;
  antd: AntdLocale;
  pro: ProIntl;
}

/** The UI kits' strings for one locale: antd's and ProComponents'. */
export interface KitLocale {
  antd: AntdLocale;
  pro: ProIntl;
}

const loaders: Record<AdminLocale, () => Promise<LocaleBundle>> = {
  'en-US': () =>
    Promise.resolve({
      messages: enUS,
      errors: { ...errorsEnUS, ...staffErrorsEnUS },
      antd: antdEnUS,
      pro: enUSIntl,
    }),
  'zh-Hans': async () => {
    const [messages, errors, staffErrors, antd] = await Promise.all([
      import('./locales/zh-Hans'),
      import('@ampere/contract/error-messages/zh-Hans.json'),
      import('@ampere/contract/error-messages/staff/zh-Hans.json'),
      import('antd/locale/zh_CN'),
      // ProTable's date pickers and antd's calendars use dayjs's month and weekday names.
      import('dayjs/locale/zh-cn'),
    ]);
    // ProComponents ships every language's strings in its main module anyway.
    return {
      messages: messages.default,
      errors: { ...errors.default, ...staffErrors.default },
      antd: antd.default,
      pro: zhCNIntl,
    };
  },
};

/** A locale's messages with the contract's error catalogue in `errors`. */
export function withErrorCatalogue(messages: Messages, errors: ErrorMessages) {
  return { ...messages, errors: { ...messages.errors, ...errors } };
}

export const isAdminLocale = (value: unknown): value is AdminLocale =>
  ADMIN_LOCALE_KEYS.some((key) => key === value);

const asAdminLocale = (value: unknown): AdminLocale | undefined =>
  isAdminLocale(value) ? value : undefined;

/** The stored choice; else Chinese for a browser that prefers Chinese; else English. */
export function initialLocale(
  stored: AdminLocale | undefined = storage.get(STORAGE_KEYS.locale, asAdminLocale),
  browserLanguages: readonly string[] = navigator.languages,
): AdminLocale {
  if (stored) return stored;
  const preferred = browserLanguages[0]?.toLowerCase() ?? '';
  return preferred === 'zh' || preferred.startsWith('zh-') ? 'zh-Hans' : FALLBACK_ADMIN_LOCALE;
}

export function currentLocale(): AdminLocale {
  return asAdminLocale(i18n.language) ?? FALLBACK_ADMIN_LOCALE;
}

/**
 * antd's and ProComponents' strings for the current locale, for their providers (app/App.tsx).
 * ProComponents is given its own explicitly: left to itself it reads Chinese whatever antd says.
 */
let kitLocale: KitLocale = { antd: antdEnUS, pro: enUSIntl };
const listeners = new Set<() => void>();

export function useKitLocale(): KitLocale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => kitLocale,
  );
}

async function applyLocale(key: AdminLocale): Promise<void> {
  const bundle = await loaders[key]();
  if (!i18n.hasResourceBundle(key, 'translation')) {
    i18n.addResourceBundle(key, 'translation', withErrorCatalogue(bundle.messages, bundle.errors));
  }
  kitLocale = { antd: bundle.antd, pro: bundle.pro };
  for (const listener of listeners) listener();
  await i18n.changeLanguage(key);
  document.documentElement.lang = key;
}

export async function initI18n(initial: AdminLocale = initialLocale()): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: FALLBACK_ADMIN_LOCALE,
    fallbackLng: FALLBACK_ADMIN_LOCALE,
    resources: {
      [FALLBACK_ADMIN_LOCALE]: {
        translation: withErrorCatalogue(enUS, { ...errorsEnUS, ...staffErrorsEnUS }),
      },
    },
    interpolation: { escapeValue: false }, // React escapes what it renders.
  });
  try {
    await applyLocale(initial);
  } catch (error) {
    // A locale chunk that fails to download must not keep the back office from starting.
    console.warn(`[i18n] could not load ${initial}; staying in ${FALLBACK_ADMIN_LOCALE}`, error);
    await applyLocale(FALLBACK_ADMIN_LOCALE);
  }
}

/** The member picked a language: switch to it and remember the choice. */
export async function switchLocale(key: AdminLocale): Promise<void> {
  await applyLocale(key);
  storage.set(STORAGE_KEYS.locale, key);
}

export { i18n };
