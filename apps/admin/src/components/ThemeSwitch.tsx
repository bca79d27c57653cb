import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setColorScheme, useColorScheme } from '@/core/theme';

/** Light or dark, remembered; the icon shows where a click goes. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useColorScheme() === 'dark';
  const label = dark ? t('header.toLight') : t('header.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={() => {
          setColorScheme(dark ? 'light' : 'dark');
        }}
      />
    </Tooltip>
  );
}
