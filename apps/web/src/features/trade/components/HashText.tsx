import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { Toast } from '@/lib/overlays';
import { shortHash } from '../display';
import styles from './HashText.module.css';

/** A chain hash, shortened to fit a phone, whole in its title and in what the button copies. */
export function HashText({ hash, testId }: { hash: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.hash}>
      <code title={hash} data-testid={testId}>
        {shortHash(hash)}
      </code>
      <button
        type="button"
        className={styles.copy}
        aria-label={t('trade.receipt.copyHash')}
        onClick={() => {
          void copyText(hash).then((copied) => {
            Toast.show({
              icon: copied ? 'success' : 'fail',
              content: t(copied ? 'common.copySuccess' : 'common.copyFailed'),
            });
          });
        }}
      >
        <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
          <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" />
          <path
            d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
            fill="none"
            stroke="currentColor"
          />
        </svg>
      </button>
    </span>
  );
}
