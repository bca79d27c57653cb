import { FALLBACK_LOCALE, LOCALE_KEYS, type LocaleKey } from '@ampere/contract';
import i18next, { type TFunction } from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import th from './locales/th.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zhHans from './locales/zh-Hans.json' with { type: 'json' };
import zhHant from './locales/zh-Hant.json' with { type: 'json' };

/** The English tree; plural groups (`duration`) carry each language's own forms (`_one`, `_few`, …). */
export type Messages = Omit<typeof enUS, 'duration'> & { duration: Record<string, string> };

export const SERVER_MESSAGES: Record<LocaleKey, Messages> = {
  'en-US': enUS,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  ru,
  ja,
  ko,
  th,
  vi,
  de,
  fr,
  it,
  es,
  pt,
};

/**
 * One i18next instance for the whole server, initialised synchronously with every locale
 * bundled in; each request gets a fixed `t` for its language.
 */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(
    LOCALE_KEYS.map((key) => [key, { translation: SERVER_MESSAGES[key] }]),
  ),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: LOCALE_KEYS,
  // Locale keys like zh-Hans must not be cut down to "zh".
  load: 'currentOnly',
  nonExplicitSupportedLngs: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const translators = new Map<LocaleKey, TFunction>(
  LOCALE_KEYS.map((key) => [key, instance.getFixedT(key)]),
);

/** The `t` of one locale; built once per locale, not per request. */
export function translator(locale: LocaleKey): TFunction {
  return translators.get(locale) ?? instance.getFixedT(locale);
}
