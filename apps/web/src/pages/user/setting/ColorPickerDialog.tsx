import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PRIMARY_COLOR,
  PRIMARY_SWATCHES,
  resetPrimaryColor,
  setPrimaryColor,
  useTheme,
} from '@/core/theme';
import { RouteDialog } from '@/components/RouteDialog';
import { ColorSwatches } from '@/features/preferences/components/ColorSwatches';
import styles from './ColorPickerDialog.module.css';

/** Picking a swatch applies it at once, so the page beneath previews the choice. */
export default function ColorPickerDialog() {
  const { t } = useTranslation();
  const { primaryColor } = useTheme();
  return (
    <RouteDialog title={t('pages.colorPickerDialog.title')}>
      {(close) => (
        <>
          <ColorSwatches
            colors={PRIMARY_SWATCHES}
            value={primaryColor ?? DEFAULT_PRIMARY_COLOR}
            onSelect={setPrimaryColor}
          />
          <div className={styles.actions}>
            <Button block disabled={primaryColor === undefined} onClick={resetPrimaryColor}>
              {t('theme.reset')}
            </Button>
            <Button block color="primary" onClick={close}>
              {t('common.done')}
            </Button>
          </div>
        </>
      )}
    </RouteDialog>
  );
}
