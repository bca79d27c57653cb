import { LOCALES, type LocaleKey } from '@ampere/contract';
import { Tabs } from 'antd';
import { useState } from 'react';

export interface LocalizedText {
  title: string;
  body: string;
}

/** A title and a body per language, as an editor holds them before saving. */
export type LocalizedTexts = Partial<Record<LocaleKey, LocalizedText>>;

const EMPTY: LocalizedText = { title: '', body: '' };

/** The texts of a saved notice or agreement version, keyed by language. */
export const textsByLocale = (texts: readonly ({ locale: LocaleKey } & LocalizedText)[]) =>
  Object.fromEntries(
    texts.map((t) => [t.locale, { title: t.title, body: t.body }]),
  ) as LocalizedTexts;

/**
 * The state of a 13-language editor: every language's text, the language on screen, and an
 * `edit` that changes that language's text from the latest state (two quick edits never undo
 * each other).
 */
export function useLocalizedTexts(initial: () => LocalizedTexts) {
  const [locale, setLocale] = useState<LocaleKey>('en-US');
  const [texts, setTexts] = useState<LocalizedTexts>(initial);
  const edit = (patch: Partial<LocalizedText>) => {
    setTexts((all) => ({ ...all, [locale]: { ...(all[locale] ?? EMPTY), ...patch } }));
  };
  /** Back to the first language with these texts, as when the editor opens. */
  const reset = (next: LocalizedTexts) => {
    setTexts(next);
    setLocale('en-US');
  };
  return { locale, setLocale, texts, setTexts, current: texts[locale] ?? EMPTY, edit, reset };
}

/** One tab per language, marked ✓ once it has a title. */
export function LanguageTabs({
  locale,
  texts,
  onChange,
}: {
  locale: LocaleKey;
  texts: LocalizedTexts;
  onChange: (locale: LocaleKey) => void;
}) {
  return (
    <Tabs
      size="small"
      activeKey={locale}
      onChange={(key) => {
        onChange(key as LocaleKey);
      }}
      items={LOCALES.map(({ key, name }) => ({
        key,
        label: texts[key]?.title ? `${name} ✓` : name,
      }))}
    />
  );
}
