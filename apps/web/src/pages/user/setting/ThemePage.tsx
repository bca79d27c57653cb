import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRIMARY_COLOR, setColorBlindSafe, setThemeMode, useTheme } from '@/core/theme';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { ThemeModeList } from '@/features/preferences/components/ThemeModeList';
import { useOpenDialog } from '@/hooks/useAppNavigate';
import styles from './ThemePage.module.css';

export default function ThemePage() {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
  const { mode, primaryColor = DEFAULT_PRIMARY_COLOR, colorBlindSafe = false } = useTheme();
  return (
    <>
      <Section title={t('theme.appearance')}>
        <ThemeModeList value={mode} onChange={setThemeMode} />
      </Section>
      <List mode="card">
        <List.Item
          extra={<span className={styles.swatch} style={{ background: primaryColor }} />}
          onClick={() => {
            openDialog(PATHS.colorPickerDialog);
          }}
        >
          {t('theme.primaryColor')}
        </List.Item>
        <List.Item
          description={t('theme.colorBlindHint')}
          extra={
            <Switch
              checked={colorBlindSafe}
              onChange={setColorBlindSafe}
              aria-label={t('theme.colorBlind')}
            />
          }
        >
          {t('theme.colorBlind')}
        </List.Item>
      </List>
    </>
  );
}
