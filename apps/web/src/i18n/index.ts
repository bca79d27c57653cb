import { FALLBACK_LOCALE, isLocaleKey, resolveLocale } from '@ampere/contract';
import type { LocaleKey } from '@ampere/contract';
import { setDefaultConfig } from 'antd-mobile';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { loadAntdLocale } from './antdLocales';
import errorsEnUS from '@ampere/contract/error-messages/en-US.json';
import type { ErrorMessages } from '@ampere/contract/error-messages';
import enUS from './locales/en-US';

/**
 * Messages live in one JSON file per feature per locale (`locales/<locale>/<feature>.json`), keyed
 * by area (`tabs.*`, `pages.<page>.title`, `common.*`, `errors.*`, `validation.*`, …) and merged by
 * the locale's `index.ts`. English is the fallback and ships with the app; every other locale is
 * its own chunk (its `index.ts` with all its files, not one chunk per file), fetched when it is
 * first chosen, so 12 unused languages never weigh on the initial load.
 */
const bundles = import.meta.glob<typeof enUS>(
  ['./locales/*/index.ts', '!./locales/en-US/index.ts'],
  { import: 'default' },
);
/**
 * What each server error code says: the contract's one catalogue (shared with the server),
 * merged into each locale's `errors` beside the app's own client-side codes; one chunk per
 * locale, fetched with that locale's messages.
 */
const errorBundles = import.meta.glob<ErrorMessages>(
  [
    '../../../../packages/contract/src/error-messages/*.json',
    '!../../../../packages/contract/src/error-messages/en-US.json',
  ],
  { import: 'default' },
);

/** A locale's messages with the contract's error catalogue in `errors`. */
export function withErrorCatalogue(messages: typeof enUS, errors: ErrorMessages) {
  return { ...messages, errors: { ...messages.errors, ...errors } };
}

const asLocaleKey = (value: unknown): LocaleKey | undefined =>
  typeof value === 'string' && isLocaleKey(value) ? value : undefined;

/** The user's stored choice, else the browser's language, else English. */
export function initialLocale(
  stored: LocaleKey | undefined = storage.get(STORAGE_KEYS.locale, asLocaleKey),
  browserLanguages: readonly string[] = navigator.languages,
): LocaleKey {
  if (stored) return stored;
  for (const language of browserLanguages) {
    const resolved = resolveLocale(language);
    if (resolved) return resolved;
  }
  return FALLBACK_LOCALE;
}

export function currentLocale(): LocaleKey {
  return asLocaleKey(i18n.language) ?? FALLBACK_LOCALE;
}

async function loadMessages(key: LocaleKey): Promise<void> {
  if (i18n.hasResourceBundle(key, 'translation')) return;
  const loader = bundles[`./locales/${key}/index.ts`];
  const errors = errorBundles[`../../../../packages/contract/src/error-messages/${key}.json`];
  if (!loader || !errors) throw new Error(`No messages for locale ${key}`);
  const [messages, catalogue] = await Promise.all([loader(), errors()]);
  i18n.addResourceBundle(key, 'translation', withErrorCatalogue(messages, catalogue));
}

/** Loads a locale's messages and antd-mobile strings, then switches every consumer to it. */
async function applyLocale(key: LocaleKey): Promise<void> {
  const [, antdLocale] = await Promise.all([loadMessages(key), loadAntdLocale(key)]);
  // The default config, not only <ConfigProvider>, because Modal.confirm and Toast render
  // outside the React tree and read it directly.
  setDefaultConfig({ locale: antdLocale });
  await i18n.changeLanguage(key);
  document.documentElement.lang = key;
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    resources: { [FALLBACK_LOCALE]: { translation: withErrorCatalogue(enUS, errorsEnUS) } },
    interpolation: { escapeValue: false }, // React escapes what it renders.
  });
  const initial = initialLocale();
  try {
    await applyLocale(initial);
  } catch (error) {
    // A locale chunk that fails to download must not keep the app from starting in English.
    console.warn(`[i18n] could not load ${initial}; staying in ${FALLBACK_LOCALE}`, error);
    await applyLocale(FALLBACK_LOCALE);
  }
}

/** The user picked a language: switch to it and remember the choice. */
export async function switchLocale(key: LocaleKey): Promise<void> {
  await applyLocale(key);
  storage.set(STORAGE_KEYS.locale, key);
}

export { i18n };
