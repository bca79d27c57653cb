import i18n from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LOCALE } from '@ampere/contract';

type Messages = Record<string, unknown>;

/**
 * Messages of the features that load with their pages, not with the app.
 *
 * English is part of the first download (the locale's `index.ts`), and the initial JS has a
 * budget (160 KB gzip). So a feature whose pages are all lazy keeps its messages out of it: its
 * file `locales/<locale>/<feature>.json` exists for all 13 locales, is NOT imported by the
 * locale's `index.ts`, and each of its pages calls `useFeatureMessages('<feature>')` before its
 * first `t()`. The page suspends (its route's Suspense shows the page frame) until the feature's
 * messages in the current language and in English (the fallback) are in; a language switch loads
 * the features already in use before it switches (`loadFeaturesFor`).
 *
 * The pattern below lists the files that ARE in `index.ts` (the eager ones); everything else in
 * a locale's folder is lazy. A feature moving to lazy leaves `index.ts` and this list together
 * (locales.test.ts checks that the two agree).
 */
const lazyFiles = import.meta.glob<Messages>(
  ['./locales/*/*.json', '!./locales/*/{common,auth,market,trade,wallet,account,content}.json'],
  { import: 'default' },
);

/** The lazy features, from the files of the fallback locale. */
export const LAZY_FEATURES: readonly string[] = Object.keys(lazyFiles)
  .filter((path) => path.startsWith(`./locales/${FALLBACK_LOCALE}/`))
  .map((path) => path.slice(`./locales/${FALLBACK_LOCALE}/`.length, -'.json'.length))
  .sort();

const loads = new Map<string, Promise<void>>();
/** Features some page has asked for, so a language switch brings them along. */
const inUse = new Set<string>();

function loadOne(feature: string, locale: string): Promise<void> {
  const key = `${locale}/${feature}`;
  let load = loads.get(key);
  if (!load) {
    const loader = lazyFiles[`./locales/${key}.json`];
    load = loader
      ? loader().then((messages) => {
          i18n.addResourceBundle(locale, 'translation', messages, true, false);
        })
      : Promise.reject(new Error(`No messages for feature ${feature} in ${locale}`));
    // A failed download is tried again on the next render rather than remembered.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

const pairs = new Map<string, Promise<void>>();

/** The feature's messages in `locale` and in the fallback; one promise per pair, kept. */
export function loadFeatureMessages(feature: string, locale: string): Promise<void> {
  const key = `${locale}/${feature}`;
  let pair = pairs.get(key);
  if (!pair) {
    pair = Promise.all([loadOne(feature, locale), loadOne(feature, FALLBACK_LOCALE)]).then(
      () => undefined,
    );
    pair.catch(() => pairs.delete(key));
    pairs.set(key, pair);
  }
  return pair;
}

/** Before switching to `locale`: the lazy features in use, in that locale. */
export function loadFeaturesFor(locale: string): Promise<void> {
  return Promise.all([...inUse].map((f) => loadFeatureMessages(f, locale))).then(() => undefined);
}

/** Suspends the calling page until `feature`'s messages are in for the current language. */
export function useFeatureMessages(feature: string): void {
  const { i18n: instance } = useTranslation();
  inUse.add(feature);
  use(loadFeatureMessages(feature, instance.language));
}
