import { LOCALE_KEYS } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from './index.js';

interface Tree {
  [key: string]: string | Tree;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** i18next plural forms (`key_one`, `key_few`, …): each language has its own set. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = leaves(SERVER_MESSAGES['en-US']);
/** Values that are the same word in every language. */
const SAME_EVERYWHERE = new Set(['labels.appName']);
/** Words a language shares with English. */
const SHARED_WORDS: Partial<Record<string, string[]>> = {
  fr: ['ledgerKinds.reversal', 'statement.kind', 'duration.minutes_one', 'duration.minutes_other'],
};

describe.each(LOCALE_KEYS.filter((l) => l !== 'en-US'))('server messages in %s', (locale) => {
  const messages = leaves(SERVER_MESSAGES[locale]);

  it('has exactly the English keys (plurals in the language’s own forms)', () => {
    const bases = (keys: Iterable<string>) => [...new Set([...keys].map(pluralBase))].sort();
    expect(bases(messages.keys())).toEqual(bases(english.keys()));
  });

  it('has every plural form the language needs, and no other', () => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const plurals = [...new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(pluralBase))];
    for (const base of plurals) {
      const forms = [...messages.keys()].filter((k) => PLURAL.test(k) && pluralBase(k) === base);
      expect(forms.map((k) => PLURAL.exec(k)?.[1]).sort(), base).toEqual([...categories].sort());
    }
  });

  it('keeps every placeholder', () => {
    for (const [key, value] of english) {
      const own = messages.get(key) ?? messages.get(key.replace(PLURAL, '_other')) ?? '';
      expect(placeholders(own), key).toEqual(placeholders(value));
    }
  });

  it('leaves no English behind', () => {
    const untranslated = [...english].filter(
      ([key, value]) =>
        !SAME_EVERYWHERE.has(key) &&
        !SHARED_WORDS[locale]?.includes(key) &&
        messages.get(key) === value,
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
