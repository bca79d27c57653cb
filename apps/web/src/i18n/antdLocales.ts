import type { LocaleKey } from '@ampere/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Locale } from 'antd-mobile/es/locales/base';

/**
 * antd-mobile's own strings (picker buttons, empty texts, form messages) for each of our locales.
 * English is bundled because it is the fallback; the rest load with their locale's messages.
 */
const loaders: Record<LocaleKey, () => Promise<{ default: Locale }>> = {
  'en-US': () => Promise.resolve({ default: enUS }),
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
};

const loaded = new Map<LocaleKey, Locale>([['en-US', enUS]]);

export async function loadAntdLocale(key: LocaleKey): Promise<Locale> {
  const cached = loaded.get(key);
  if (cached) return cached;
  const { default: locale } = await loaders[key]();
  loaded.set(key, locale);
  return locale;
}

/** The antd-mobile locale for a key already passed to loadAntdLocale; English otherwise. */
export function antdLocaleFor(key: LocaleKey): Locale {
  return loaded.get(key) ?? enUS;
}
