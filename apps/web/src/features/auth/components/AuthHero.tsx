import styles from './AuthHero.module.css';

/** The greeting above the login and registration forms. */
export function AuthHero({ appName, subtitle }: { appName: string; subtitle: string }) {
  return (
    <header className={styles.hero}>
      <p className={styles.appName}>{appName}</p>
      <p className={styles.subtitle}>{subtitle}</p>
    </header>
  );
}
