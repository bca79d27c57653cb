import { ERRORS, LOCALES } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { LAZY_FEATURES } from './feature';

type Messages = Record<string, unknown>;

/** Each locale's feature files, by path (`./locales/<locale>/<feature>.json`). */
const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });
/** Each locale's messages as the app loads them: its feature files merged by its index.ts. */
const merged = import.meta.glob<Messages>('./locales/*/index.ts', {
  eager: true,
  import: 'default',
});

const KEYS = LOCALES.map(({ key }) => key);

/** A locale's feature files, by feature name. */
function featureFiles(locale: string): Map<string, Messages> {
  const prefix = `./locales/${locale}/`;
  return new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, messages]) => [path.slice(prefix.length, -'.json'.length), messages]),
  );
}

/** Every message as "path.to.key" → text. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') entries.set(path, value);
    else if (typeof value === 'object' && value !== null) {
      for (const entry of flatten(value as Messages, path)) entries.set(...entry);
    } else throw new Error(`${path} is neither text nor a group`);
  }
  return entries;
}

const messagesOf = (locale: string) => flatten(merged[`./locales/${locale}/index.ts`] ?? {});

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = messagesOf('en-US');
const englishFiles = featureFiles('en-US');

describe('locale files', () => {
  it('exist for exactly the 13 locales of the contract', () => {
    expect(Object.keys(merged).sort()).toEqual(
      KEYS.map((key) => `./locales/${key}/index.ts`).sort(),
    );
  });

  it.each(KEYS)('%s has the feature files of en-US', (key) => {
    expect([...featureFiles(key).keys()].sort()).toEqual([...englishFiles.keys()].sort());
  });

  it.each(KEYS)('%s loads every group of its feature files, each from one file', (key) => {
    const groups = [...featureFiles(key).values()].flatMap((messages) => Object.keys(messages));
    expect(new Set(groups).size, 'a group in two files').toBe(groups.length);
    // index.ts must import every eager file: a forgotten one would load without its groups. The
    // lazy ones (i18n/feature.ts) load with their pages instead.
    const eager = [...featureFiles(key)].filter(([feature]) => !LAZY_FEATURES.includes(feature));
    expect(merged[`./locales/${key}/index.ts`]).toEqual(
      Object.assign({}, ...eager.map(([, messages]) => messages)),
    );
  });

  it.each(KEYS)('%s has exactly the keys of en-US, file by file', (key) => {
    for (const [feature, messages] of featureFiles(key)) {
      const keys = [...flatten(messages).keys()].sort();
      expect(keys, `${feature}.json`).toEqual(
        [...flatten(englishFiles.get(feature) ?? {}).keys()].sort(),
      );
    }
    expect([...messagesOf(key).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(KEYS)('%s keeps every {{placeholder}} of en-US', (key) => {
    const messages = messagesOf(key);
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

  /** Text that is the same in every language: symbols, codes and brand names. */
  const UNIVERSAL = new Set(['USDT', 'UID: {{uid}}', 'Telegram', 'WhatsApp']);
  /** Words a language shares with English (checked by a native speaker's eye, listed here). */
  const SHARED_WORDS: Partial<Record<string, string[]>> = {
    de: ['service.kinds.url'],
    es: ['theme.swatch', 'service.kinds.url'],
    fr: ['service.kinds.url'],
    it: ['auth.password', 'limit.account', 'service.kinds.url'],
    ja: ['service.kinds.url'],
    pt: ['service.kinds.url'],
    vi: ['service.kinds.url'],
  };

  it.each(KEYS.filter((key) => key !== 'en-US'))('%s leaves no English behind', (key) => {
    const messages = messagesOf(key);
    const untranslated = [...english]
      .filter(([path, text]) => messages.get(path) === text && !UNIVERSAL.has(text))
      .map(([path]) => path)
      .filter((path) => !SHARED_WORDS[key]?.includes(path));
    expect(untranslated).toEqual([]);
  });

  it('has no empty messages in en-US', () => {
    expect([...english].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
