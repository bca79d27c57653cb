import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.js';
import { LOCALE_KEYS } from '../locales.js';

const dir = new URL('./', import.meta.url);
const jsonFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
const catalogue = (locale: string) =>
  JSON.parse(fs.readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Record<string, string>;
const english = catalogue('en-US');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the error catalogue', () => {
  it('exists for exactly the 13 locales', () => {
    expect(jsonFiles.sort()).toEqual(LOCALE_KEYS.map((l) => `${l}.json`).sort());
  });

  it('says something for every code of ERRORS, and nothing else', () => {
    expect(Object.keys(english).sort()).toEqual(
      [...new Set(Object.values(ERRORS).map((e) => e.key))].sort(),
    );
  });

  it.each(LOCALE_KEYS.filter((l) => l !== 'en-US'))(
    '%s has every message, with its placeholders, translated',
    (locale) => {
      const messages = catalogue(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(messages[key] ?? ''), key).toEqual(placeholders(text));
        expect(messages[key], `${locale} ${key}`).not.toBe(text);
      }
    },
  );
});
