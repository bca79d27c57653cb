import { ERRORS, LOCALES } from '@ampere/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

/** Every message as "path.to.key" → text. */
function flatten(messages: Record<string, unknown>, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') entries.set(path, value);
    else if (typeof value === 'object' && value !== null) {
      for (const entry of flatten(value as Record<string, unknown>, path)) entries.set(...entry);
    } else throw new Error(`${path} is neither text nor a group`);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(files['./locales/en-US.json'] ?? {});

describe('locale files', () => {
  it('exist for exactly the 13 locales of the contract', () => {
    expect(Object.keys(files).sort()).toEqual(
      LOCALES.map(({ key }) => `./locales/${key}.json`).sort(),
    );
  });

  it.each(LOCALES.map(({ key }) => key))('%s has exactly the keys of en-US', (key) => {
    const messages = flatten(files[`./locales/${key}.json`] ?? {});
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(LOCALES.map(({ key }) => key))('%s keeps every {{placeholder}} of en-US', (key) => {
    const messages = flatten(files[`./locales/${key}.json`] ?? {});
    for (const [path, text] of english) {
      expect(placeholders(messages.get(path) ?? ''), path).toEqual(placeholders(text));
    }
  });

  it('leave the server’s error codes to the contract’s one catalogue', () => {
    // Their messages live in @ampere/contract/error-messages, merged in at load (i18n/index.ts).
    const repeated = Object.values(ERRORS)
      .map(({ key }) => `errors.${key}`)
      .filter((path) => english.has(path));
    expect(repeated).toEqual([]);
  });

  /** Text that is the same in every language: symbols and codes. */
  const UNIVERSAL = new Set(['USDT', 'UID: {{uid}}']);
  /** Words a language shares with English (checked by a native speaker's eye, listed here). */
  const SHARED_WORDS: Partial<Record<string, string[]>> = {
    it: ['auth.password'],
    es: ['theme.swatch'],
  };

  it.each(LOCALES.map(({ key }) => key).filter((key) => key !== 'en-US'))(
    '%s leaves no English behind',
    (key) => {
      const messages = flatten(files[`./locales/${key}.json`] ?? {});
      const untranslated = [...english]
        .filter(([path, text]) => messages.get(path) === text && !UNIVERSAL.has(text))
        .map(([path]) => path)
        .filter((path) => !SHARED_WORDS[key]?.includes(path));
      expect(untranslated).toEqual([]);
    },
  );

  it('has no empty messages in en-US', () => {
    expect([...english].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
