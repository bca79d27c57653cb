import type { CurrencyBalance } from '@ampere/contract';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../amount';
import styles from './FrozenSheet.module.css';

interface Props {
  visible: boolean;
  currencyName: string;
  frozen: CurrencyBalance['frozen'] | undefined;
  onClose: () => void;
}

/** Where frozen money is: stakes of open trades, withdrawals being paid, Earn principal. */
export function FrozenSheet({ visible, currencyName, frozen, onClose }: Props) {
  const { t } = useTranslation();
  const rows =
    frozen &&
    ([
      { key: 'in_order', value: frozen.inOrder },
      { key: 'withdraw_hold', value: frozen.withdrawHold },
      { key: 'earn_principal', value: frozen.earnPrincipal },
    ] as const);
  return (
    <Popup
      visible={visible && frozen !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      closeOnSwipe
      showCloseButton
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {frozen && rows && (
        <div className={styles.sheet} role="dialog" aria-labelledby="frozen-sheet-title">
          <h3 id="frozen-sheet-title" className={styles.title}>
            {t('wallet.frozenTitle', { currency: currencyName })}
          </h3>
          <dl className={styles.rows}>
            {rows.map(({ key, value }) => (
              <div key={key} className={styles.row}>
                <dt>{t(`ledgerPurposes.${key}`)}</dt>
                <dd>{formatMoney(value)}</dd>
              </div>
            ))}
            <div className={`${styles.row} ${styles.total}`}>
              <dt>{t('wallet.frozenTotal')}</dt>
              <dd>{formatMoney(frozen.total)}</dd>
            </div>
          </dl>
          <p className={styles.note}>{t('wallet.frozenNote')}</p>
        </div>
      )}
    </Popup>
  );
}
