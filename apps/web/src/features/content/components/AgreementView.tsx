import type { Agreement } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@ampere/client';
import { NoticeBody } from './NoticeBody';
import styles from './AgreementView.module.css';

/** The server sends an ISO time; anything unparseable is shown as it came. */
export function displayDate(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : formatDateTime(ms);
}

/** "Version 2 · Updated 2026-12-01 09:00": which text this is, and since when it applies. */
export function AgreementMeta({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  return (
    <p className={styles.updated}>
      {t('agreement.version', { version: agreement.version })}
      {' · '}
      {t('agreement.updatedAt', { date: displayDate(agreement.updatedAt) })}
    </p>
  );
}

/** The agreement: title, version and date, then its rich text (sanitized like a notice). */
export function AgreementView({ agreement }: { agreement: Agreement }) {
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{agreement.title}</h2>
      <AgreementMeta agreement={agreement} />
      <NoticeBody html={agreement.body} />
    </article>
  );
}
