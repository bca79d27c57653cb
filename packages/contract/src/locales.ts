// No zod here: the web client reads this catalogue while it starts, before zod has loaded
// (BRIEF §9). The wire schema, localeKeySchema, lives in common.ts.

/** The 13 locales of SPEC §3, in the order the language dialog lists them. */
export const LOCALES = [
  { key: 'en-US', name: 'English', icon: '🇺🇸' },
  { key: 'zh-Hans', name: '简体中文', icon: '🇨🇳' },
  { key: 'zh-Hant', name: '繁體中文', icon: '🇭🇰' },
  { key: 'ru', name: 'Русский', icon: '🇷🇺' },
  { key: 'ja', name: '日本語', icon: '🇯🇵' },
  { key: 'ko', name: '한국어', icon: '🇰🇷' },
  { key: 'th', name: 'ไทย', icon: '🇹🇭' },
  { key: 'vi', name: 'Tiếng Việt', icon: '🇻🇳' },
  { key: 'de', name: 'Deutsch', icon: '🇩🇪' },
  { key: 'fr', name: 'Français', icon: '🇫🇷' },
  { key: 'it', name: 'Italiano', icon: '🇮🇹' },
  { key: 'es', name: 'Español', icon: '🇪🇸' },
  { key: 'pt', name: 'Português', icon: '🇵🇹' },
] as const;

export type LocaleKey = (typeof LOCALES)[number]['key'];

export const LOCALE_KEYS = LOCALES.map((l) => l.key) as [LocaleKey, ...LocaleKey[]];

/** SPEC §9: fallback is English. */
export const FALLBACK_LOCALE: LocaleKey = 'en-US';

export function isLocaleKey(value: string): value is LocaleKey {
  return (LOCALE_KEYS as readonly string[]).includes(value);
}

/**
 * Maps whatever a client sends (`zh-CN`, `zh_TW`, `en`, `pt-BR`, `de-DE,de;q=0.9`) to one of our
 * locales, or undefined when nothing fits. Chinese script is decided by region when no script is
 * given: TW, HK and MO read Traditional.
 */
export function resolveLocale(raw: string | undefined | null): LocaleKey | undefined {
  if (!raw) return undefined;
  const first = raw.split(',')[0]?.split(';')[0]?.trim().replace(/_/g, '-');
  if (!first) return undefined;
  const exact = LOCALE_KEYS.find((k) => k.toLowerCase() === first.toLowerCase());
  if (exact) return exact;
  const [lang, ...rest] = first.toLowerCase().split('-');
  if (lang === 'zh') {
    const tail = rest.join('-');
    return /hant|tw|hk|mo/.test(tail) ? 'zh-Hant' : 'zh-Hans';
  }
  if (lang === 'en') return 'en-US';
  return LOCALE_KEYS.find((k) => k === lang);
}
