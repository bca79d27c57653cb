import { useTranslation } from 'react-i18next';
import styles from './WebFrame.module.css';

/** Only web pages are framed: a `javascript:` or `data:` address could run in the app's name. */
export function toWebUrl(raw: string | null): string | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function WebFrame({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <iframe
      className={styles.frame}
      src={url}
      title={t('pages.webview.title')}
      // Scripts, forms and links opening new windows work; without allow-top-navigation the
      // framed page cannot take the app itself elsewhere.
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
