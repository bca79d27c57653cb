import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './OfflineBanner.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOffline = () => !navigator.onLine;

/**
 * Issue #20: while the phone has no network — an installed app launched offline shows its shell
 * from the service worker — one line says so over every page, in the request layer's own words.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  return (
    <div role="status" className={styles.region}>
      {offline && <p className={styles.banner}>{t('errors.request_failed')}</p>}
    </div>
  );
}
