import { LOCALES } from '@ampere/contract';
import type { LocaleKey } from '@ampere/contract';
import { CheckList } from 'antd-mobile';

const isLocale = (value: unknown): value is LocaleKey =>
  LOCALES.some((locale) => locale.key === value);

interface Props {
  value: LocaleKey;
  onSelect: (locale: LocaleKey) => void;
}

/** The 13 languages of SPEC §3, each under its own name, so anyone can find theirs. */
export function LanguageList({ value, onSelect }: Props) {
  return (
    <CheckList
      value={[value]}
      onChange={([picked]) => {
        if (isLocale(picked)) onSelect(picked);
      }}
    >
      {LOCALES.map((locale) => (
        <CheckList.Item
          key={locale.key}
          value={locale.key}
          prefix={<span aria-hidden>{locale.icon}</span>}
        >
          {locale.name}
        </CheckList.Item>
      ))}
    </CheckList>
  );
}
