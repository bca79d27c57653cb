import { CURRENCIES } from '@ampere/contract';
import type { Home } from '@ampere/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@ampere/client';
import styles from './BalanceSummary.module.css';

interface Props {
  /** Undefined while user/home loads: the currencies show with a dash. */
  balances: Home['balances'] | undefined;
  onOpen: () => void;
}

const PENDING = '—';

/** Total and available per wallet currency (SPEC §1), opening the Assets tab. */
export function BalanceSummary({ balances, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <section className={styles.summary}>
      <button type="button" className={styles.header} onClick={onOpen}>
        <h2 className={styles.title}>{t('account.balances')}</h2>
        <RightOutline aria-hidden />
      </button>
      <dl className={styles.currencies}>
        {CURRENCIES.map(({ key, name }) => {
          const balance = balances?.find((b) => b.currency === key);
          return (
            <div key={key} className={styles.currency}>
              <dt className={styles.name}>{name}</dt>
              <dd className={styles.total}>{balance ? formatAmount(balance.total) : PENDING}</dd>
              <dd className={styles.available}>
                {t('account.available', {
                  amount: balance ? formatAmount(balance.available) : PENDING,
                })}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
