import { FALLBACK_LOCALE, isLocaleKey, resolveLocale } from '@ampere/contract';
import type { LocaleKey } from '@ampere/contract';
import { setNumberLocale } from '@ampere/client';
import { setDefaultConfig } from 'antd-mobile';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterFirstScreen } from '@/lib/firstScreen';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { loadAntdLocale } from './antdLocales';
import { loadFeaturesFor } from './feature';
import type { UserErrorMessages } from '@ampere/contract/error-messages';
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
 * locale, English's included: a server answer carries its own message, so the catalogue is only
 * the fallback and stays off the first download.
 */
const errorBundles = import.meta.glob<UserErrorMessages>(
  '../../../../packages/contract/src/error-messages/*.json',
  { import: 'default' },
);
const cataloguesLoaded = new Set<LocaleKey>();

/** Merges a locale's error catalogue into its `errors`, once. */
async function loadCatalogue(key: LocaleKey): Promise<void> {
  if (cataloguesLoaded.has(key)) return;
  const loader = errorBundles[`../../../../packages/contract/src/error-messages/${key}.json`];
  if (!loader) throw new Error(`No error catalogue for locale ${key}`);
  i18n.addResourceBundle(key, 'translation', { errors: await loader() }, true, false);
  cataloguesLoaded.add(key);
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
  if (!loader) throw new Error(`No messages for locale ${key}`);
  i18n.addResourceBundle(key, 'translation', await loader(), true, false);
}

/** Loads a locale's messages and antd-mobile strings, then switches every consumer to it. */
async function applyLocale(key: LocaleKey): Promise<void> {
  const [, , antdLocale] = await Promise.all([
    loadMessages(key),
    // English's is not waited for at launch (initI18n): nothing needs it before an error.
    key === FALLBACK_LOCALE ? undefined : loadCatalogue(key),
    loadAntdLocale(key),
    loadFeaturesFor(key),
  ]);
  // The default config, not only <ConfigProvider>, because Modal.confirm and Toast render
  // outside the React tree and read it directly.
  setDefaultConfig({ locale: antdLocale });
  await i18n.changeLanguage(key);
  document.documentElement.lang = key;
}

export async function initI18n(): Promise<void> {
  // Numbers follow the language (separators from Intl). Registered before any component
  // subscribes, so it runs before they re-render in the new language.
  i18n.on('languageChanged', (lng) => {
    setNumberLocale(lng);
  });
  await i18n.use(initReactI18next).init({
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    resources: { [FALLBACK_LOCALE]: { translation: enUS } },
    interpolation: { escapeValue: false }, // React escapes what it renders.
  });
  const initial = initialLocale();
  // Once the first screen is done (issue #20): a server answer carries its own message, so
  // nothing on that screen waits for it, and on a slow link it was the last request before it.
  afterFirstScreen(() => {
    loadCatalogue(FALLBACK_LOCALE).catch((error: unknown) => {
      console.warn('[i18n] could not load the English error catalogue', error);
    });
  });
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

/** Resolves once English's error catalogue is in (tests; the app never waits for it). */
export const englishCatalogueLoaded = () => loadCatalogue(FALLBACK_LOCALE);

export { i18n };
