import { formatAmount as formatExact } from '@ampere/contract';
import type { Book, CurrencyKey, Direction, Period } from '@ampere/contract';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { RetryState } from '@/components/RetryState';
import type { MarketProduct } from '@/features/market/api/market';
import { RulesSummary } from '@/features/trade/components/RulesSummary';
import { StakeForm } from '@/features/trade/components/StakeForm';
import type { StakeDraft } from '@/features/trade/components/StakeForm';
import { TradeActions } from '@/features/trade/components/TradeActions';
import { stakeErrorText } from '@/features/trade/display';
import { usePeriods } from '@/features/trade/hooks/useTrade';
import { checkStake } from '@/features/trade/money';
import { errorText } from '@/i18n/errorText';
import { usePractice } from '@/features/practice/hooks/usePractice';
import { PracticeTag } from '@/features/trade/components/PracticeTag';
import { useLiveBalance } from './TradeStreams';
import styles from './TicketPanel.module.css';

/** An order the ticket has checked: ready for the confirmation step. */
export interface CheckedOrder {
  /** Real money, or the practice book (USDT only). */
  book: Book;
  direction: Direction;
  currency: CurrencyKey;
  stakeMinor: bigint;
  /** The stake as sent: canonical decimal text at the currency's scale. */
  amount: string;
  period: Period;
}

interface Props {
  product: MarketProduct;
  /** Fixed when the user already chose it (the product page's buttons); chosen here otherwise. */
  direction?: Direction | undefined;
  initial?: Partial<StakeDraft>;
  onOpenRules: () => void;
  onSubmit: (order: CheckedOrder) => void;
  /** The practice book: USDT only, its balance, labelled as practice. Real when left out. */
  book?: Book;
}

/** The practice book holds virtual USDT only. */
const PRACTICE_CURRENCIES = [{ key: 'usdt', name: 'USDT' }] as const;

/**
 * The order ticket of the Trade tab and of the order dialog: currency, stake, period, what a win
 * pays and the rules that decide it; the stake is checked (SPEC §5) before it goes further.
 */
export function TicketPanel(props: Props) {
  const { product, direction, initial, onOpenRules, onSubmit, book = 'real' } = props;
  const { t } = useTranslation();
  const config = useConfig();
  const practice = book === 'practice';
  const currencies = practice ? PRACTICE_CURRENCIES : config.currencies;
  const periods = usePeriods(api, product.symbol);
  const balance = useLiveBalance();
  const practiceBook = usePractice(api, practice);
  const [draft, setDraft] = useState<StakeDraft>(() => ({
    currency: practice ? 'usdt' : (initial?.currency ?? config.currencies[0]?.key ?? 'money'),
    amount: initial?.amount ?? '',
    period: initial?.period,
  }));
  const [attempted, setAttempted] = useState(false);

  if (periods.isPending) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (periods.isError) {
    return (
      <RetryState
        message={errorText(periods.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void periods.refetch()}
      />
    );
  }

  const period = periods.data.find((p) => p.seconds === draft.period) ?? periods.data[0];
  const available = practice
    ? practiceBook.data?.available
    : balance.data?.[draft.currency].available;
  const check =
    period === undefined
      ? undefined
      : checkStake(draft.amount, draft.currency, period.limits, available);
  const error = attempted && check?.ok === false ? stakeErrorText(check.error, t) : undefined;
  const shown: StakeDraft = { ...draft, period: period?.seconds };

  const submit = (chosen: Direction) => {
    if (period === undefined || check === undefined) return;
    if (!check.ok) {
      setAttempted(true);
      return;
    }
    onSubmit({
      book,
      direction: chosen,
      currency: draft.currency,
      stakeMinor: check.minor,
      amount: formatExact(check.minor, draft.currency),
      period,
    });
  };

  const closedReason =
    product.state === 'open'
      ? period === undefined
        ? t('trade.noPeriods')
        : undefined
      : t(product.state === 'closed' ? 'markets.reason.closed' : 'markets.reason.paused');

  const ticket = (
    <>
      <StakeForm
        draft={shown}
        onChange={setDraft}
        currencies={currencies}
        periods={periods.data}
        available={available}
        error={error}
      />
      <RulesSummary period={period} direction={direction} onOpenRules={onOpenRules} />
      {closedReason !== undefined ? (
        <TradeActions disabledReason={closedReason} />
      ) : direction === undefined ? (
        <TradeActions onBuy={submit} />
      ) : (
        <div className={styles.next}>
          <Button
            block
            size="large"
            className={styles[direction]}
            onClick={() => {
              submit(direction);
            }}
          >
            {t(direction === 'up' ? 'trade.buyMore' : 'trade.buyLess')}
          </Button>
        </div>
      )}
    </>
  );
  if (!practice) return ticket;
  // The practice ticket in an amber frame that names it: no crop of it reads as real money.
  return (
    <div className={styles.practice} data-testid="practice-ticket">
      <p className={styles.practiceHead}>
        <PracticeTag />
        <span>{t('practice.virtual')}</span>
      </p>
      {ticket}
    </div>
  );
}
