import { FALLBACK_LOCALE, LOCALE_KEYS, type LocaleKey } from '@ampere/contract';
import type { ErrorMessages } from '@ampere/contract/error-messages';
import deErrors from '@ampere/contract/error-messages/de.json' with { type: 'json' };
import enUSErrors from '@ampere/contract/error-messages/en-US.json' with { type: 'json' };
import esErrors from '@ampere/contract/error-messages/es.json' with { type: 'json' };
import frErrors from '@ampere/contract/error-messages/fr.json' with { type: 'json' };
import itErrors from '@ampere/contract/error-messages/it.json' with { type: 'json' };
import jaErrors from '@ampere/contract/error-messages/ja.json' with { type: 'json' };
import koErrors from '@ampere/contract/error-messages/ko.json' with { type: 'json' };
import ptErrors from '@ampere/contract/error-messages/pt.json' with { type: 'json' };
import ruErrors from '@ampere/contract/error-messages/ru.json' with { type: 'json' };
import thErrors from '@ampere/contract/error-messages/th.json' with { type: 'json' };
import viErrors from '@ampere/contract/error-messages/vi.json' with { type: 'json' };
import zhHansErrors from '@ampere/contract/error-messages/zh-Hans.json' with { type: 'json' };
import zhHantErrors from '@ampere/contract/error-messages/zh-Hant.json' with { type: 'json' };
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

/**
 * The English tree; plural groups (`duration`) carry each language's own forms (`_one`, `_few`,
 * …). `errors` is the contract's one error catalogue, shared with the web app.
 */
export type Messages = Omit<typeof enUS, 'duration'> & {
  duration: Record<string, string>;
  errors: ErrorMessages;
};

export const SERVER_MESSAGES: Record<LocaleKey, Messages> = {
  'en-US': { ...enUS, errors: enUSErrors },
  'zh-Hans': { ...zhHans, errors: zhHansErrors },
  'zh-Hant': { ...zhHant, errors: zhHantErrors },
  ru: { ...ru, errors: ruErrors },
  ja: { ...ja, errors: jaErrors },
  ko: { ...ko, errors: koErrors },
  th: { ...th, errors: thErrors },
  vi: { ...vi, errors: viErrors },
  de: { ...de, errors: deErrors },
  fr: { ...fr, errors: frErrors },
  it: { ...it, errors: itErrors },
  es: { ...es, errors: esErrors },
  pt: { ...pt, errors: ptErrors },
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
