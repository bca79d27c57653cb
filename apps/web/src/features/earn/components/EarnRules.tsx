import { useTranslation } from 'react-i18next';
import styles from './EarnRules.module.css';

const RULES = ['interest', 'cycle', 'limit', 'redemption'] as const;

/** How Earn works (SPEC §1), shown before anyone subscribes. */
export function EarnRules() {
  const { t } = useTranslation();
  return (
    <ol className={styles.rules}>
      {RULES.map((rule) => (
        <li key={rule} className={styles.rule}>
          <p className={styles.title}>{t(`earn.rules.${rule}.title`)}</p>
          <p className={styles.text}>{t(`earn.rules.${rule}.text`)}</p>
        </li>
      ))}
    </ol>
  );
}
