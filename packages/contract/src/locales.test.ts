import { describe, expect, it } from 'vitest';
import { LOCALE_KEYS, LOCALES, resolveLocale } from './locales.js';

describe('locales', () => {
  it('lists the 13 locales of SPEC §3', () => {
    expect(LOCALE_KEYS).toEqual([
      'en-US',
      'zh-Hans',
      'zh-Hant',
      'ru',
      'ja',
      'ko',
      'th',
      'vi',
      'de',
      'fr',
      'it',
      'es',
      'pt',
    ]);
    expect(new Set(LOCALES.map((l) => l.name)).size).toBe(13);
  });

  it.each([
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh_cn', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['pt-BR', 'pt'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['JA', 'ja'],
  ])('resolves %s to %s', (raw, expected) => {
    expect(resolveLocale(raw)).toBe(expected);
  });

  it.each([undefined, null, '', 'xx', 'klingon', '*'])('returns undefined for %s', (raw) => {
    expect(resolveLocale(raw)).toBeUndefined();
  });
});
