import { useTranslation } from 'react-i18next';
import styles from './PracticeTag.module.css';

/**
 * "Practice" in amber beside a practice order (its card, result and receipt), so a practice win
 * is never mistaken for a real one, whatever part of the screen is shown.
 */
export function PracticeTag() {
  const { t } = useTranslation();
  return (
    <span className={styles.tag} data-testid="practice-tag">
      {t('trade.practiceTag')}
    </span>
  );
}
