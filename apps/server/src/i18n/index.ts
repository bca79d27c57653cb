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
import deStaffErrors from '@ampere/contract/error-messages/staff/de.json' with { type: 'json' };
import enUSStaffErrors from '@ampere/contract/error-messages/staff/en-US.json' with { type: 'json' };
import esStaffErrors from '@ampere/contract/error-messages/staff/es.json' with { type: 'json' };
import frStaffErrors from '@ampere/contract/error-messages/staff/fr.json' with { type: 'json' };
import itStaffErrors from '@ampere/contract/error-messages/staff/it.json' with { type: 'json' };
import jaStaffErrors from '@ampere/contract/error-messages/staff/ja.json' with { type: 'json' };
import koStaffErrors from '@ampere/contract/error-messages/staff/ko.json' with { type: 'json' };
import ptStaffErrors from '@ampere/contract/error-messages/staff/pt.json' with { type: 'json' };
import ruStaffErrors from '@ampere/contract/error-messages/staff/ru.json' with { type: 'json' };
import thStaffErrors from '@ampere/contract/error-messages/staff/th.json' with { type: 'json' };
import viStaffErrors from '@ampere/contract/error-messages/staff/vi.json' with { type: 'json' };
import zhHansStaffErrors from '@ampere/contract/error-messages/staff/zh-Hans.json' with { type: 'json' };
import zhHantStaffErrors from '@ampere/contract/error-messages/staff/zh-Hant.json' with { type: 'json' };
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
  'en-US': { ...enUS, errors: { ...enUSErrors, ...enUSStaffErrors } },
  'zh-Hans': { ...zhHans, errors: { ...zhHansErrors, ...zhHansStaffErrors } },
  'zh-Hant': { ...zhHant, errors: { ...zhHantErrors, ...zhHantStaffErrors } },
  ru: { ...ru, errors: { ...ruErrors, ...ruStaffErrors } },
  ja: { ...ja, errors: { ...jaErrors, ...jaStaffErrors } },
  ko: { ...ko, errors: { ...koErrors, ...koStaffErrors } },
  th: { ...th, errors: { ...thErrors, ...thStaffErrors } },
  vi: { ...vi, errors: { ...viErrors, ...viStaffErrors } },
  de: { ...de, errors: { ...deErrors, ...deStaffErrors } },
  fr: { ...fr, errors: { ...frErrors, ...frStaffErrors } },
  it: { ...it, errors: { ...itErrors, ...itStaffErrors } },
  es: { ...es, errors: { ...esErrors, ...esStaffErrors } },
  pt: { ...pt, errors: { ...ptErrors, ...ptStaffErrors } },
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
