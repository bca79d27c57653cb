import { DIRECTIONS, currencyKeySchema, formatAmount as formatExact } from '@ampere/contract';
import type { Book, Direction, Order } from '@ampere/contract';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '@/core/api';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { RouteDialog } from '@/components/RouteDialog';
import { PATHS } from '@/config/paths';
import type { MarketProduct } from '@/features/market/api/market';
import { useTicker } from '@/features/market/hooks/useMarketStream';
import { useProducts } from '@/features/market/hooks/useProducts';
import { OrderProgress } from '@/features/trade/components/OrderProgress';
import { OrderResult } from '@/features/trade/components/OrderResult';
import { TradeAnnouncer } from '@/features/trade/components/TradeAnnouncer';
import { OrderSummary } from '@/features/trade/components/OrderSummary';
import { RulesSheet } from '@/features/trade/components/RulesSheet';
import { RulesSummary } from '@/features/trade/components/RulesSummary';
import type { StakeDraft } from '@/features/trade/components/StakeForm';
import { useClock } from '@/features/trade/hooks/useClock';
import { useBuy, useOrder, useOrderSync, usePeriods } from '@/features/trade/hooks/useTrade';
import { checkStake } from '@/features/trade/money';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { useFeatureMessages } from '@/i18n/feature';
import { PracticeCard } from '@/features/practice/components/PracticeCard';
import { usePractice } from '@/features/practice/hooks/usePractice';
import { newIdempotencyKey } from '@ampere/client';
import { TicketPanel } from '@/widgets/trade/TicketPanel';
import type { CheckedOrder } from '@/widgets/trade/TicketPanel';
import { TradeStreams, useLiveBalance, useSparkPrices } from '@/widgets/trade/TradeStreams';
import styles from './OrderDialog.module.css';

/**
 * The order dialog (SPEC §2 /app/pages/trade/orderDialog). With `symbol` and `direction` it
 * places an order: the ticket (skipped when `amount`, `currency` and `period` come filled in
 * from the Trade tab), then the confirmation. Once placed it follows the order by its `id`:
 * the countdown against the strike, then the result.
 */
export default function OrderDialog() {
  useFeatureMessages('practice');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // Placing an order is confirming one; anything else shows an order (or says there is none).
  const placing = id === '' && (params.get('symbol') ?? '') !== '';
  const [rulesOpen, setRulesOpen] = useState(false);
  const openRules = () => {
    setRulesOpen(true);
  };
  return (
    <RouteDialog title={t(placing ? 'trade.confirm.title' : 'pages.orderDialog.title')}>
      {(close) => (
        <TradeStreams>
          {placing ? (
            <NewOrder params={params} onOpenRules={openRules} />
          ) : id === '' ? (
            <EmptyState message={t('trade.orderIdMissing')} />
          ) : (
            <FollowOrder id={id} onClose={close} />
          )}
          <RulesSheet
            visible={rulesOpen}
            onClose={() => {
              setRulesOpen(false);
            }}
          />
        </TradeStreams>
      )}
    </RouteDialog>
  );
}

const isDirection = (value: string | null): value is Direction =>
  DIRECTIONS.some((direction) => direction === value);

/** The ticket as the address fills it in; anything malformed is left for the user to fill. */
function draftFrom(params: URLSearchParams): Partial<StakeDraft> {
  const currency = currencyKeySchema.safeParse(params.get('currency')).data;
  const period = Number(params.get('period') ?? '');
  return {
    ...(currency !== undefined && { currency }),
    amount: params.get('amount') ?? '',
    ...(Number.isSafeInteger(period) && period > 0 && { period }),
  };
}

function Loading() {
  return (
    <div className={styles.loading}>
      <DotLoading color="primary" />
    </div>
  );
}

function NewOrder({ params, onOpenRules }: { params: URLSearchParams; onOpenRules: () => void }) {
  const { t } = useTranslation();
  const products = useProducts(api, currentLocale());
  const symbol = params.get('symbol') ?? '';
  const direction = params.get('direction');
  if (!isDirection(direction)) return <EmptyState message={t('trade.directionMissing')} />;
  if (products.isPending) return <Loading />;
  if (products.isError) {
    return (
      <RetryState
        message={errorText(products.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void products.refetch()}
      />
    );
  }
  const product = products.data.find((p) => p.symbol === symbol);
  if (product === undefined) return <EmptyState message={t('errors.product_not_found')} />;
  const book: Book = params.get('book') === 'practice' ? 'practice' : 'real';
  return (
    <PlaceOrder
      product={product}
      direction={direction}
      initial={draftFrom(params)}
      onOpenRules={onOpenRules}
      book={book}
    />
  );
}

interface PlaceOrderProps {
  product: MarketProduct;
  direction: Direction;
  initial: Partial<StakeDraft>;
  onOpenRules: () => void;
  book: Book;
}

/**
 * A complete ticket from the address goes straight to the confirmation, once it checks out
 * against the product's periods and the balance; anything else starts at the ticket.
 */
function useCheckedInitial(
  product: MarketProduct,
  direction: Direction,
  initial: Partial<StakeDraft>,
  book: Book,
) {
  const periods = usePeriods(api, product.symbol);
  const balance = useLiveBalance();
  const practice = usePractice(api, book === 'practice');
  const { currency, amount, period: seconds } = initial;
  const available =
    book === 'practice'
      ? practice.data?.available
      : currency === undefined
        ? undefined
        : balance.data?.[currency].available;
  const known = book === 'practice' ? practice.data !== undefined : balance.data !== undefined;
  if (periods.data === undefined || !known) return { ready: false } as const;
  const period = periods.data.find((p) => p.seconds === seconds);
  if (
    currency === undefined ||
    amount === undefined ||
    period === undefined ||
    (book === 'practice' && currency !== 'usdt')
  ) {
    return { ready: true, order: undefined } as const;
  }
  const check = checkStake(amount, currency, period.limits, available);
  if (!check.ok) return { ready: true, order: undefined } as const;
  const order: CheckedOrder = {
    book,
    direction,
    currency,
    stakeMinor: check.minor,
    amount: formatExact(check.minor, currency),
    period,
  };
  return { ready: true, order } as const;
}

type Step = { kind: 'ticket' } | { kind: 'confirm'; order: CheckedOrder; key: string };

function PlaceOrder({ product, direction, initial, onOpenRules, book }: PlaceOrderProps) {
  const fromAddress = useCheckedInitial(product, direction, initial, book);
  const [step, setStep] = useState<Step>();
  const current: Step | undefined =
    step ??
    (!fromAddress.ready
      ? undefined
      : fromAddress.order === undefined
        ? { kind: 'ticket' }
        : { kind: 'confirm', order: fromAddress.order, key: '' });
  // Decided once: a balance refetched while the user reads the confirmation must not turn it
  // back into the ticket under their finger.
  if (step === undefined && current !== undefined) setStep(current);
  if (current === undefined) return <Loading />;

  if (current.kind === 'ticket') {
    return (
      <TicketPanel
        product={product}
        direction={direction}
        initial={initial}
        book={book}
        onOpenRules={onOpenRules}
        onSubmit={(order) => {
          // One intent, one key: a retry of this confirmation reuses it, an edit makes another.
          setStep({ kind: 'confirm', order, key: newIdempotencyKey() });
        }}
      />
    );
  }
  return (
    <Confirm
      product={product}
      order={current.order}
      idempotencyKey={current.key}
      onEdit={() => {
        setStep({ kind: 'ticket' });
      }}
      onOpenRules={onOpenRules}
    />
  );
}

interface ConfirmProps {
  product: MarketProduct;
  order: CheckedOrder;
  /** Empty when the confirmation came straight from the address: one is made on first use. */
  idempotencyKey: string;
  onEdit: () => void;
  onOpenRules: () => void;
}

function Confirm({ product, order, idempotencyKey, onEdit, onOpenRules }: ConfirmProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const ticker = useTicker(product.symbol);
  const buying = useBuy(api);
  // Kept for the life of this confirmation: retrying after a failure is the same intent.
  const [key] = useState(() => (idempotencyKey === '' ? newIdempotencyKey() : idempotencyKey));
  const confirm = () => {
    buying.mutate(
      {
        intent: {
          symbol: product.symbol,
          direction: order.direction,
          amount: order.amount,
          currency: order.currency,
          period: order.period.seconds,
          book: order.book,
        },
        key,
      },
      {
        onSuccess: (placed) => {
          // The dialog now follows the order; reloading it shows the countdown, never buys again.
          void navigate(`${PATHS.orderDialog}?id=${placed.id}`, {
            replace: true,
            state: location.state as unknown,
          });
        },
      },
    );
  };
  const price = ticker?.symbol === product.symbol ? ticker.price : (product.lastPrice ?? undefined);
  return (
    <div data-testid="order-confirm">
      {order.book === 'practice' && <PracticeLabel />}
      <OrderSummary
        product={product}
        direction={order.direction}
        stakeMinor={order.stakeMinor}
        currency={order.currency}
        period={order.period}
        livePrice={price}
      />
      <RulesSummary period={order.period} direction={order.direction} onOpenRules={onOpenRules} />
      {buying.isError && (
        <p className={styles.error} role="alert">
          {errorText(buying.error, t)}
        </p>
      )}
      <div className={styles.actions}>
        <Button block size="large" disabled={buying.isPending} onClick={onEdit}>
          {t('trade.confirm.edit')}
        </Button>
        <Button block size="large" color="primary" loading={buying.isPending} onClick={confirm}>
          {t('common.confirm')}
        </Button>
      </div>
    </div>
  );
}

function FollowOrder({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const query = useOrder(api, id, undefined);
  const balance = useLiveBalance();
  const isPractice = query.data?.order.book === 'practice';
  const practice = usePractice(api, isPractice);
  useOrderSync();
  const status = query.data?.order.status;
  const { refetch: refetchBalance } = balance;
  const { refetch: refetchPractice } = practice;
  useEffect(() => {
    // The settlement moved money; the push says so too, but the socket may be down.
    if (status === undefined || status === 'open') return;
    void (isPractice ? refetchPractice() : refetchBalance());
  }, [status, isPractice, refetchBalance, refetchPractice]);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <RetryState
        message={errorText(query.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { order, deadlineMs } = query.data;
  const label = isPractice ? <PracticeLabel /> : null;
  // Kept in the same place from the countdown to the result, so the result is read out.
  const announcer = <TradeAnnouncer order={order} deadlineMs={deadlineMs} />;
  if (order.status === 'open') {
    return (
      <>
        {announcer}
        {label}
        <Countdown order={order} deadlineMs={deadlineMs} />
      </>
    );
  }
  return (
    <>
      {announcer}
      {label}
      <OrderResult
        order={order}
        available={isPractice ? practice.data?.available : balance.data?.[order.currency].available}
      />
      <div className={styles.actions}>
        <Button
          block
          size="large"
          onClick={() => {
            navigate(PATHS.orders, 'redirect');
          }}
        >
          {t('pages.orders.title')}
        </Button>
        <Button block size="large" color="primary" onClick={onClose}>
          {t('trade.result.again')}
        </Button>
      </div>
    </>
  );
}

/** The practice book's balance above a practice order: never mistaken for real money. */
function PracticeLabel() {
  const practice = usePractice(api);
  return practice.data === undefined ? null : <PracticeCard account={practice.data} />;
}

/** How much of the price line before the order the countdown shows. */
const LEAD_IN_MS = 15_000;

function Countdown({ order, deadlineMs }: { order: Order; deadlineMs: number }) {
  const nowMs = useClock(true);
  const ticker = useTicker(order.symbol);
  // A little of the price before the order too, so the line shows where the strike came from.
  const prices = useSparkPrices(order.symbol, order.openedAt - LEAD_IN_MS);
  return (
    <OrderProgress
      order={order}
      deadlineMs={deadlineMs}
      nowMs={nowMs}
      livePrice={ticker?.price}
      prices={prices.length > 0 ? prices : [order.strikePrice]}
    />
  );
}
