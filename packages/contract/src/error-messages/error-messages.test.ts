import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS, isStaffErrorCode } from '../errors.js';
import { LOCALE_KEYS } from '../locales.js';

const dir = new URL('./', import.meta.url);
const jsonFiles = (sub = '') =>
  fs.readdirSync(new URL(sub, dir)).filter((f) => f.endsWith('.json'));
const catalogue = (locale: string, sub = '') =>
  JSON.parse(fs.readFileSync(new URL(`${sub}${locale}.json`, dir), 'utf8')) as Record<
    string,
    string
  >;
const PARTS = [
  { sub: '', codes: Object.values(ERRORS).filter((e) => !isStaffErrorCode(e.code)) },
  { sub: 'staff/', codes: Object.values(ERRORS).filter((e) => isStaffErrorCode(e.code)) },
];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the error catalogue', () => {
  it.each(PARTS)('exists for exactly the 13 locales ($sub)', ({ sub }) => {
    expect(jsonFiles(sub).sort()).toEqual(LOCALE_KEYS.map((l) => `${l}.json`).sort());
  });

  it.each(PARTS)(
    'says something for every code of its part of ERRORS, and nothing else ($sub)',
    ({ sub, codes }) => {
      expect(Object.keys(catalogue('en-US', sub)).sort()).toEqual(
        [...new Set(codes.map((e) => e.key))].sort(),
      );
    },
  );

  it.each(
    LOCALE_KEYS.filter((l) => l !== 'en-US').flatMap((locale) =>
      PARTS.map(({ sub }) => ({ locale, sub })),
    ),
  )('$locale $sub has every message, with its placeholders, translated', ({ locale, sub }) => {
    const english = catalogue('en-US', sub);
    const messages = catalogue(locale, sub);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(messages[key] ?? ''), key).toEqual(placeholders(text));
      expect(messages[key], `${locale} ${key}`).not.toBe(text);
    }
  });
});
