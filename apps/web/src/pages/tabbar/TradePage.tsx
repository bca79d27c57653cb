import type { Book } from '@ampere/contract';
import { DotLoading } from 'antd-mobile';
import { HistogramOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/core/api';
import { useConfig } from '@/core/config';
import { EmptyState } from '@/components/EmptyState';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useBook } from '@/features/practice/book';
import { BookSwitch } from '@/features/practice/components/BookSwitch';
import { useFeatureMessages } from '@/i18n/feature';
import { PracticeBalance } from '@/widgets/trade/PracticeBalance';
import type { MarketProduct } from '@/features/market/api/market';
import { QuoteHeader } from '@/features/market/components/QuoteHeader';
import { useProducts } from '@/features/market/hooks/useProducts';
import { productListHref } from '@/features/market/links';
import { ProductHeader } from '@/features/trade/components/ProductHeader';
import { RulesSheet } from '@/features/trade/components/RulesSheet';
import { Sparkline } from '@/features/trade/components/Sparkline';
import { TradeActions } from '@/features/trade/components/TradeActions';
import { useOrderSync } from '@/features/trade/hooks/useTrade';
import { comparePrices } from '@/features/trade/outcome';
import { pickProduct, useTradeSymbol } from '@/features/trade/productChoice';
import { useOpenDialog } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { LiveOrderCard } from '@/widgets/trade/LiveOrderCard';
import { TicketPanel } from '@/widgets/trade/TicketPanel';
import { useRunningOrders } from '@/widgets/trade/useRunningOrders';
import type { CheckedOrder } from '@/widgets/trade/TicketPanel';
import { TradeStreams, useSparkPrices } from '@/widgets/trade/TradeStreams';
import styles from './TradePage.module.css';

/** Open orders shown on the Trade tab; Order records has them all. */
const OPEN_ORDERS_SHOWN = 5;

/**
 * The Trade tab: the product being traded (the last one chosen, else the first open one) with
 * its live price and line, the order ticket, and the orders still running. Buying opens the
 * order dialog's confirmation with the ticket filled in.
 */
export default function TradePage() {
  return (
    <TradeStreams>
      <Trade />
    </TradeStreams>
  );
}

function Trade() {
  useFeatureMessages('practice');
  const { t } = useTranslation();
  const book = useBook();
  const products = useProducts(api, currentLocale());
  const remembered = useTradeSymbol();
  const openDialog = useOpenDialog();
  const [rulesOpen, setRulesOpen] = useState(false);
  useOrderSync();

  const product = products.data === undefined ? undefined : pickProduct(products.data, remembered);
  const buy = (symbol: string, order: CheckedOrder) => {
    const query = new URLSearchParams({
      symbol,
      direction: order.direction,
      amount: order.amount,
      currency: order.currency,
      period: String(order.period.seconds),
      ...(order.book === 'practice' && { book: 'practice' }),
    });
    openDialog(`${PATHS.orderDialog}?${query.toString()}`);
  };

  let top;
  if (products.isPending) {
    top = (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  } else if (products.isError) {
    top = (
      <Section>
        <RetryState
          message={errorText(products.error, t, { fallback: 'loading_failed' })}
          onRetry={() => void products.refetch()}
        />
      </Section>
    );
  } else if (product === undefined) {
    top = (
      <>
        <Section>
          <EmptyState icon={<HistogramOutline />} message={t('trade.noProducts')} />
        </Section>
        <Section>
          <TradeActions disabledReason={t('trade.noProductReason')} />
        </Section>
      </>
    );
  } else {
    top = (
      <ProductTrade
        key={`${product.symbol}:${book}`}
        product={product}
        book={book}
        onPick={() => {
          openDialog(`${productListHref(product.symbol)}&from=trade`);
        }}
        onBuy={(order) => {
          buy(product.symbol, order);
        }}
        onOpenRules={() => {
          setRulesOpen(true);
        }}
      />
    );
  }

  return (
    <>
      <BookSwitch />
      <PracticeBalance book={book} />
      {top}
      <Section
        title={t('trade.myOrders')}
        extra={<Link to={PATHS.orders}>{t('common.more')}</Link>}
      >
        <OpenOrders book={book} />
      </Section>
      <RulesSheet
        visible={rulesOpen}
        onClose={() => {
          setRulesOpen(false);
        }}
      />
    </>
  );
}

interface ProductTradeProps {
  product: MarketProduct;
  book: Book;
  onPick: () => void;
  onBuy: (order: CheckedOrder) => void;
  onOpenRules: () => void;
}

function ProductTrade({ product, book, onPick, onBuy, onOpenRules }: ProductTradeProps) {
  const { t } = useTranslation();
  const { feedSimulated } = useConfig();
  return (
    <>
      <Section>
        <ProductHeader product={product} onPick={onPick} />
        <QuoteHeader product={product} simulated={feedSimulated} />
        <PriceLine symbol={product.symbol} />
      </Section>
      <Section title={t('trade.ticket')}>
        <TicketPanel product={product} book={book} onOpenRules={onOpenRules} onSubmit={onBuy} />
      </Section>
    </>
  );
}

function PriceLine({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const prices = useSparkPrices(symbol);
  const first = prices[0];
  const last = prices.at(-1);
  const side = first === undefined || last === undefined ? 0 : comparePrices(last, first);
  const tone = side === 1 ? 'up' : side === -1 ? 'down' : 'flat';
  return (
    <div className={styles.line}>
      <Sparkline prices={prices} tone={tone} label={t('trade.chartLabel', { symbol })} />
    </div>
  );
}

function OpenOrders({ book }: { book: Book }) {
  const { t } = useTranslation();
  const { orders, open, nowMs } = useRunningOrders(book);
  if (orders.isPending) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <RetryState
        message={errorText(orders.error, t, { fallback: 'loading_failed' })}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data.length === 0) return <EmptyState message={t('trade.noOpenOrders')} />;
  return (
    <ul className={styles.orders}>
      {orders.data.slice(0, OPEN_ORDERS_SHOWN).map((timed) => (
        <LiveOrderCard key={timed.order.id} timed={timed} nowMs={nowMs} onOpen={open} />
      ))}
    </ul>
  );
}
