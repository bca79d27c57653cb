import type { CurrencyKey, Period } from '@ampere/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { money, moneyMinor, periodLabel, withCurrency } from '../display';
import { expectedOf, quickAmounts, ratePercent } from '../money';
import styles from './StakeForm.module.css';

/** What the user is about to order, as typed: the amount stays text until it is checked. */
export interface StakeDraft {
  currency: CurrencyKey;
  amount: string;
  /** Seconds; undefined until the periods are known. */
  period: number | undefined;
}

interface Props {
  draft: StakeDraft;
  onChange: (next: StakeDraft) => void;
  currencies: readonly { key: CurrencyKey; name: string }[];
  periods: readonly Period[];
  /** The available balance of the draft's currency; undefined while unknown. */
  available: string | undefined;
  /** Why the amount cannot be ordered, shown under it. */
  error?: string | undefined;
}

/**
 * The order ticket: currency, stake (with one-tap amounts and the balance it is taken from),
 * period with its payout rate, and what a win would pay for the amount typed, computed exactly.
 */
export function StakeForm({ draft, onChange, currencies, periods, available, error }: Props) {
  const { t } = useTranslation();
  const amountId = useId();
  const errorId = useId();
  const period = periods.find((p) => p.seconds === draft.period);
  const limits = period?.limits[draft.currency];
  const currency = currencies.find((c) => c.key === draft.currency)?.name ?? draft.currency;
  const expected = period && expectedOf(draft.amount.trim(), draft.currency, period.payoutRate);
  const set = (patch: Partial<StakeDraft>) => {
    onChange({ ...draft, ...patch });
  };

  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <span className={styles.label}>{t('wallet.currency')}</span>
        <div className={styles.pills} role="radiogroup" aria-label={t('wallet.currency')}>
          {currencies.map((c) => (
            <button
              key={c.key}
              type="button"
              role="radio"
              aria-checked={c.key === draft.currency}
              className={styles.pill}
              onClick={() => {
                set({ currency: c.key });
              }}
            >
              {c.name}
            </button>
          ))}
        </div>
      </div>

      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label className={styles.label} htmlFor={amountId}>
            {t('wallet.amount')}
          </label>
          <span className={styles.available} data-testid="trade-available">
            {t('trade.available', {
              amount:
                available === undefined ? '—' : withCurrency(money(available), draft.currency),
            })}
          </span>
        </div>
        <div className={styles.amount} data-invalid={error !== undefined}>
          <input
            id={amountId}
            className={styles.input}
            value={draft.amount}
            onChange={(event) => {
              set({ amount: event.target.value });
            }}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={
              limits === undefined
                ? '0'
                : t('trade.amountRange', { min: money(limits.min), max: money(limits.max) })
            }
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? undefined : errorId}
          />
          <span className={styles.unit}>{currency}</span>
        </div>
        {error !== undefined && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        {period !== undefined && (
          <div className={styles.quick} role="group" aria-label={t('trade.quickAmounts')}>
            {quickAmounts(period.limits, draft.currency).map((amount) => (
              <button
                key={amount}
                type="button"
                className={styles.chip}
                aria-pressed={amount === draft.amount}
                onClick={() => {
                  set({ amount });
                }}
              >
                {money(amount)}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className={styles.field}>
        <span className={styles.label}>{t('trade.expiry')}</span>
        <div className={styles.periods} role="radiogroup" aria-label={t('trade.expiry')}>
          {periods.map((p) => (
            <button
              key={p.seconds}
              type="button"
              role="radio"
              aria-checked={p.seconds === draft.period}
              className={styles.period}
              data-testid={`period-${p.seconds}`}
              aria-label={`${periodLabel(p.seconds, t)}, ${t('trade.payoutShort', { rate: ratePercent(p.payoutRate) })}`}
              onClick={() => {
                set({ period: p.seconds });
              }}
            >
              <span className={styles.periodTime}>{periodLabel(p.seconds, t)}</span>
              <span className={styles.periodRate}>{ratePercent(p.payoutRate)}%</span>
            </button>
          ))}
        </div>
      </div>

      <dl className={styles.expected}>
        <div>
          <dt>{t('trade.expectedProfit')}</dt>
          <dd data-testid="expected-profit" data-tone="up">
            {expected === undefined
              ? '—'
              : `+${withCurrency(moneyMinor(expected.profitMinor, draft.currency), draft.currency)}`}
          </dd>
        </div>
        <div>
          <dt>{t('trade.payoutIfWon')}</dt>
          <dd data-testid="expected-payout">
            {expected === undefined
              ? '—'
              : withCurrency(moneyMinor(expected.payoutMinor, draft.currency), draft.currency)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
