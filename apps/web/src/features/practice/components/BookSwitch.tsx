import { BOOKS } from '@ampere/contract';
import { useTranslation } from 'react-i18next';
import { bookChoice, useBook } from '../book';
import styles from './BookSwitch.module.css';

/**
 * Real / Practice: which account the Trade tab, product pages, the Asset tab and Order records
 * show and trade with. Practice is amber wherever it appears, so it is never mistaken for real
 * money; while Practice is chosen the switch stays in view under the title as the page scrolls,
 * so no part of the page can be shown without it.
 */
export function BookSwitch() {
  const { t } = useTranslation();
  const book = useBook();
  return (
    <div className={styles.bar} data-book={book}>
      <div className={styles.switch} role="radiogroup" aria-label={t('practice.switch.label')}>
        {BOOKS.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={book === option}
            data-testid={`book-${option}`}
            className={`${styles.option} ${option === 'practice' ? styles.practice : ''}`}
            onClick={() => {
              bookChoice.set(option);
            }}
          >
            {t(`practice.switch.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
