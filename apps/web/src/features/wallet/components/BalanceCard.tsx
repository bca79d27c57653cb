import type { Balance, CurrencyKey } from '@ampere/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../amount';
import styles from './BalanceCard.module.css';
import { FrozenSheet } from './FrozenSheet';

interface Props {
  /** The wallet currencies in display order (from the config). */
  currencies: readonly { key: CurrencyKey; name: string }[];
  /** Undefined while loading or when the balance could not be fetched. */
  balance: Balance | undefined;
}

/** Shown where a figure is not known yet; never "0.00", which would be a claim. */
const UNKNOWN = '—';

/**
 * Total assets per wallet currency (SPEC §1: CNY and USDT), each split into what can be spent
 * and what is frozen. The currencies are never added up: there is no rate between them here.
 */
export function BalanceCard({ currencies, balance }: Props) {
  const { t } = useTranslation();
  // The last currency asked about stays set while the sheet slides shut, so it never empties.
  const [frozenOf, setFrozenOf] = useState<CurrencyKey>();
  const [sheetOpen, setSheetOpen] = useState(false);
  const shown = (value: string | undefined) => (value === undefined ? UNKNOWN : formatMoney(value));
  const sheetCurrency = currencies.find((currency) => currency.key === frozenOf);
  return (
    <section className={styles.card} aria-busy={balance === undefined}>
      <h2 className={styles.title}>{t('wallet.totalAssets')}</h2>
      {currencies.map(({ key, name }) => {
        const own = balance?.[key];
        return (
          <div key={key} className={styles.currency} data-testid={`balance-${key}`}>
            <div className={styles.head}>
              <span className={styles.name}>{name}</span>
              <p className={styles.total} aria-label={t('wallet.totalOf', { currency: name })}>
                {shown(own?.total)}
              </p>
            </div>
            <div className={styles.parts}>
              <div className={styles.part}>
                <span className={styles.partLabel}>{t('wallet.available')}</span>
                <span className={styles.partValue}>{shown(own?.available)}</span>
              </div>
              <button
                type="button"
                className={styles.part}
                disabled={own === undefined}
                aria-haspopup="dialog"
                onClick={() => {
                  setFrozenOf(key);
                  setSheetOpen(true);
                }}
              >
                <span className={styles.partLabel}>
                  {t('wallet.frozen')} <RightOutline aria-hidden />
                </span>
                <span className={styles.partValue}>{shown(own?.frozen.total)}</span>
              </button>
            </div>
          </div>
        );
      })}
      <FrozenSheet
        visible={sheetOpen}
        currencyName={sheetCurrency?.name ?? ''}
        frozen={frozenOf === undefined ? undefined : balance?.[frozenOf].frozen}
        onClose={() => {
          setSheetOpen(false);
        }}
      />
    </section>
  );
}
