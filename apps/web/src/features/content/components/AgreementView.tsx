import type { Agreement } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@ampere/client';
import styles from './AgreementView.module.css';

/** The body is plain text; a blank line separates paragraphs. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The server sends an ISO time; anything unparseable is shown as it came. */
function displayDate(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : formatDateTime(ms);
}

export function AgreementView({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  return (
    <article className={styles.article}>
      <h2 className={styles.title}>{agreement.title}</h2>
      <p className={styles.updated}>
        {t('agreement.updatedAt', { date: displayDate(agreement.updatedAt) })}
      </p>
      {paragraphsOf(agreement.body).map((paragraph, index) => (
        // Paragraphs have no identity beyond their place in the text.
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
    </article>
  );
}
