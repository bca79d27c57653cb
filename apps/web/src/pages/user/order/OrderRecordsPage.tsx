import { QueryFallback } from '@/components/QueryState';
import type { Book, Order } from '@ampere/contract';
import { Popup } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { EmptyState } from '@/components/EmptyState';
import { MoreLoader } from '@/components/MoreLoader';
import { RecordTabs } from '@/components/RecordTabs';
import { OrderCard } from '@/features/trade/components/OrderCard';
import { ReceiptView } from '@/features/trade/components/ReceiptView';
import type { VerifyState } from '@/features/trade/components/ReceiptView';
import { RulesSheet } from '@/features/trade/components/RulesSheet';
import { useClosedOrders, useOrderSync, useReceipt } from '@/features/trade/hooks/useTrade';
import { errorText } from '@/i18n/errorText';
import { useFeatureMessages } from '@/i18n/feature';
import { useBook } from '@/features/practice/book';
import { BookSwitch } from '@/features/practice/components/BookSwitch';
import { LiveOrderCard } from '@/widgets/trade/LiveOrderCard';
import { TradeStreams } from '@/widgets/trade/TradeStreams';
import { useRunningOrders } from '@/widgets/trade/useRunningOrders';
import styles from './OrderRecordsPage.module.css';

/** SPEC §4: trade orders are Trading until they settle, then Closed. */
const STATUSES = ['trading', 'closed'] as const;

/**
 * Order records (SPEC §2 /app/pages/user/order/index): the orders still trading with their live
 * price and countdown, and the closed ones, newest first, a page at a time, of the account the
 * Real / Practice switch shows. An open order opens
 * its countdown; a closed one its receipt, which can be verified against the tick chain.
 */
export default function OrderRecordsPage() {
  useFeatureMessages('practice');
  const { t } = useTranslation();
  const book = useBook();
  const [receiptOf, setReceiptOf] = useState<string>();
  const [receiptOpen, setReceiptOpen] = useState(false);
  const openReceipt = useCallback((order: Order) => {
    setReceiptOf(order.id);
    setReceiptOpen(true);
  }, []);
  return (
    <TradeStreams>
      <Sync />
      <BookSwitch />
      <RecordTabs tabs={STATUSES.map((key) => ({ key, title: t(`trade.status.${key}`) }))}>
        {(active) =>
          active === 'trading' ? (
            <Trading key={book} book={book} />
          ) : (
            <Closed key={book} book={book} onOpen={openReceipt} />
          )
        }
      </RecordTabs>
      <ReceiptSheet
        id={receiptOf}
        visible={receiptOpen}
        onClose={() => {
          setReceiptOpen(false);
        }}
      />
    </TradeStreams>
  );
}

/** Pushed orders move between the tabs while the page is open. */
function Sync() {
  useOrderSync();
  return null;
}

function Trading({ book }: { book: Book }) {
  const { t } = useTranslation();
  const { orders, open, nowMs } = useRunningOrders(book);
  if (orders.data === undefined) return <QueryFallback query={orders} />;
  if (orders.data.length === 0) return <EmptyState message={t('trade.noOpenOrders')} />;
  return (
    <ul className={styles.list} aria-label={t('trade.status.trading')}>
      {orders.data.map((timed) => (
        <LiveOrderCard key={timed.order.id} timed={timed} nowMs={nowMs} onOpen={open} />
      ))}
    </ul>
  );
}

function Closed({ book, onOpen }: { book: Book; onOpen: (order: Order) => void }) {
  const { t } = useTranslation();
  const query = useClosedOrders(api, book);
  // A failed next page keeps the rows already shown; only a failed first load replaces them.
  if (query.data === undefined) return <QueryFallback query={query} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={t('trade.noClosedOrders')} />;
  return (
    <>
      <ul className={styles.list} aria-label={t('trade.status.closed')}>
        {items.map((order) => (
          <OrderCard key={order.id} order={order} onOpen={onOpen} />
        ))}
      </ul>
      <MoreLoader
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );
}

interface ReceiptSheetProps {
  id: string | undefined;
  visible: boolean;
  onClose: () => void;
}

function ReceiptSheet({ id, visible, onClose }: ReceiptSheetProps) {
  const { t } = useTranslation();
  const [rulesOpen, setRulesOpen] = useState(false);
  return (
    <>
      <Popup
        visible={visible}
        onMaskClick={onClose}
        onClose={onClose}
        showCloseButton
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <div className={styles.sheetBody} role="dialog" aria-label={t('trade.receipt.title')}>
          <h2 className={styles.sheetTitle}>{t('trade.receipt.title')}</h2>
          <div className={styles.sheetScroll}>
            {id !== undefined && (
              <Receipt
                key={id}
                id={id}
                onHowTo={() => {
                  setRulesOpen(true);
                }}
              />
            )}
          </div>
        </div>
      </Popup>
      <RulesSheet
        visible={rulesOpen}
        focus="check"
        onClose={() => {
          setRulesOpen(false);
        }}
      />
    </>
  );
}

function Receipt({ id, onHowTo }: { id: string; onHowTo: () => void }) {
  const { t } = useTranslation();
  const receipt = useReceipt(api, id);
  const [verify, setVerify] = useState<VerifyState>({ state: 'idle' });
  if (receipt.data === undefined) return <QueryFallback query={receipt} />;
  return (
    <ReceiptView
      receipt={receipt.data}
      verify={verify}
      onHowTo={onHowTo}
      onVerify={() => {
        // Asks the server to walk the chain again, now, rather than showing the first answer.
        setVerify({ state: 'checking' });
        void receipt.refetch().then((result) => {
          setVerify(
            result.isSuccess
              ? { state: 'done', result: result.data.verification }
              : { state: 'error', message: errorText(result.error, t) },
          );
        });
      }}
    />
  );
}
