import type { ExchangeQuote } from '@ampere/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InfoRows } from '@/components/InfoRows';
import { amountText, secondsLeft } from '../format';
import styles from './Funding.module.css';

interface Props {
  quote: ExchangeQuote;
  /** The quote's expiry on this device's clock. */
  expiresAtMs: number;
  nowMs: number;
  refreshing: boolean;
  sending: boolean;
  onRefresh: () => void;
  onConfirm: () => void;
}

/**
 * A quote as the server made it: what is given, the fee (rounded to the cent, SPEC §9), what is
 * exchanged, the rate and what arrives, with its arithmetic written out and the seconds it has
 * left. Once expired it cannot be confirmed, only refreshed.
 */
export function QuoteCard({
  quote,
  expiresAtMs,
  nowMs,
  refreshing,
  sending,
  onRefresh,
  onConfirm,
}: Props) {
  const { t } = useTranslation();
  const left = secondsLeft(expiresAtMs, nowMs);
  const expired = left === 0;
  return (
    <>
      <InfoRows
        rows={[
          { label: t('funding.exchange.give'), value: amountText(quote.amount, quote.from) },
          { label: t('funding.fee'), value: amountText(quote.fee, quote.from) },
          { label: t('funding.exchange.net'), value: amountText(quote.net, quote.from) },
          {
            label: t('funding.exchange.rate'),
            value: t('funding.exchange.rateValue', { rate: quote.rate }),
          },
          { label: t('funding.exchange.receive'), value: amountText(quote.receive, quote.to) },
        ]}
      />
      <p className={styles.arithmetic} data-testid="quote-arithmetic">
        {quote.arithmetic}
      </p>
      <div className={styles.countdown} role="timer">
        <span className={expired ? styles.expired : undefined}>
          {expired
            ? t('funding.exchange.expired')
            : t('funding.exchange.validFor', { seconds: left })}
        </span>
        <Button size="small" onClick={onRefresh} loading={refreshing}>
          {t('funding.exchange.refresh')}
        </Button>
      </div>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          disabled={expired}
          loading={sending}
          onClick={onConfirm}
        >
          {t('funding.exchange.confirm')}
        </Button>
      </div>
    </>
  );
}
