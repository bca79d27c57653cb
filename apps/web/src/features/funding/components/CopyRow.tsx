import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { Toast } from '@/lib/overlays';
import styles from './Funding.module.css';

/** A value the user has to type elsewhere (an account number, an address), with Copy. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.copyRow}>
      <span className={styles.copyLabel}>{label}</span>
      <span className={styles.copyValue}>{value}</span>
      <Button
        size="mini"
        fill="outline"
        aria-label={t('funding.copyWhat', { what: label })}
        onClick={() => {
          void copyText(value).then((copied) => {
            Toast.show({ content: t(copied ? 'common.copySuccess' : 'common.copyFailed') });
          });
        }}
      >
        {t('funding.copy')}
      </Button>
    </div>
  );
}
