import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './AuthFootnote.module.css';

interface Props {
  agreementPath: string;
  servicePath: string;
}

/** The agreement and customer-service links under every sign-in form (both open without login). */
export function AuthFootnote({ agreementPath, servicePath }: Props) {
  const { t } = useTranslation();
  return (
    <p className={styles.footnote}>
      <Link to={agreementPath}>{t('auth.agreementLink')}</Link>
      {' · '}
      <Link to={servicePath}>{t('auth.contactService')}</Link>
    </p>
  );
}
