import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const THEME_MODE_OPTIONS = ['light', 'dark', 'system'] as const;
export type ThemeModeOption = (typeof THEME_MODE_OPTIONS)[number];

const isOption = (value: unknown): value is ThemeModeOption =>
  THEME_MODE_OPTIONS.some((option) => option === value);

interface Props {
  value: ThemeModeOption;
  onChange: (mode: ThemeModeOption) => void;
}

/** Light, dark or follow the system (SPEC §1). */
export function ThemeModeList({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <CheckList
      value={[value]}
      onChange={([picked]) => {
        if (isOption(picked)) onChange(picked);
      }}
    >
      {THEME_MODE_OPTIONS.map((mode) => (
        <CheckList.Item key={mode} value={mode} description={t(`theme.modes.${mode}.hint`)}>
          {t(`theme.modes.${mode}.label`)}
        </CheckList.Item>
      ))}
    </CheckList>
  );
}
