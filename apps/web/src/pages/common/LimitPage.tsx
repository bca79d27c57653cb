import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PATHS } from '@/config/paths';
import { clearSession, useSession } from '@/core/session';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { HOME_PATH, LOGIN_PATH } from '@/lib/nav';
import styles from './LimitPage.module.css';

/**
 * SPEC §2 `limitPage` ("Your access has been restricted"), where config `Black_run` sends a
 * disabled account and a blocked address by default (docs/content.md, Access restriction). Open
 * without a session: a blocked visitor has none. Customer service is the way forward; a disabled
 * account may sign in with another one, anyone else may try again once the block is lifted.
 */
export default function LimitPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { user } = useSession();
  const disabled = user?.status === 0 ? user : undefined;
  return (
    <section className={styles.page} aria-labelledby="limit-title">
      <div className={styles.badge} aria-hidden>
        <StopOutline />
      </div>
      <h2 id="limit-title" className={styles.title}>
        {t('pages.limit.title')}
      </h2>
      <p className={styles.hint}>{t('limit.hint')}</p>
      {disabled && (
        <p className={styles.account}>{t('limit.account', { username: disabled.username })}</p>
      )}
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => {
            navigate(PATHS.onlineService);
          }}
        >
          {t('common.contactService')}
        </Button>
        {disabled ? (
          <Button
            block
            fill="outline"
            size="large"
            onClick={() => {
              clearSession();
              navigate(LOGIN_PATH, 'redirect');
            }}
          >
            {t('limit.signInAgain')}
          </Button>
        ) : (
          <Button
            block
            fill="outline"
            size="large"
            onClick={() => {
              navigate(HOME_PATH, 'switchTab');
            }}
          >
            {t('common.retry')}
          </Button>
        )}
      </div>
    </section>
  );
}
