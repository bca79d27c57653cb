import { ERRORS } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_LOCALE_KEYS } from './index';

type Messages = Record<string, unknown>;

/** Each locale's feature files, by path (`./locales/<locale>/<feature>.json`). */
const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });
/** Each locale's messages as the app loads them: its feature files merged by its index.ts. */
const merged = import.meta.glob<Messages>('./locales/*/index.ts', {
  eager: true,
  import: 'default',
});

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
const chinese = messagesOf('zh-Hans');

describe('the back office’s locale files', () => {
  it('exist for exactly the staff languages', () => {
    expect(Object.keys(merged).sort()).toEqual(
      ADMIN_LOCALE_KEYS.map((key) => `./locales/${key}/index.ts`).sort(),
    );
  });

  it('have the same feature files in both languages', () => {
    expect([...featureFiles('zh-Hans').keys()].sort()).toEqual(
      [...featureFiles('en-US').keys()].sort(),
    );
  });

  it.each(ADMIN_LOCALE_KEYS)(
    '%s loads every group of its feature files, each from one file',
    (key) => {
      const groups = [...featureFiles(key).values()].flatMap((messages) => Object.keys(messages));
      expect(new Set(groups).size, 'a group in two files').toBe(groups.length);
      expect(merged[`./locales/${key}/index.ts`]).toEqual(
        Object.assign({}, ...featureFiles(key).values()),
      );
    },
  );

  it('have exactly the same keys in zh-Hans and en-US', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keep every {{placeholder}} in both languages', () => {
    for (const [path, text] of english) {
      expect(placeholders(chinese.get(path) ?? ''), path).toEqual(placeholders(text));
    }
  });

  it('leave no message empty and no English behind in Chinese', () => {
    expect([...english, ...chinese].filter(([, text]) => text.trim() === '')).toEqual([]);
    const untranslated = [...english].filter(([path, text]) => chinese.get(path) === text);
    expect(untranslated).toEqual([]);
  });

  it('leave the server’s error codes to the contract’s one catalogue', () => {
    const repeated = Object.values(ERRORS)
      .map(({ key }) => `errors.${key}`)
      .filter((path) => english.has(path));
    expect(repeated).toEqual([]);
  });
});
