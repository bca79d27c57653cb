import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { MoreLoader } from '@/components/MoreLoader';
import { QueryState } from '@/components/QueryState';
import { RecordTabs } from '@/components/RecordTabs';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import type { EarnTab } from '@/features/earn/api/earn';
import { OrderCard } from '@/features/earn/components/OrderCard';
import { OrderDetail } from '@/features/earn/components/OrderDetail';
import { useEarnOrder, useEarnOrders } from '@/features/earn/hooks/useEarn';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFeatureMessages } from '@/i18n/feature';

/** SPEC §4: Hosting, Settled, and Cancelled (which reads "Redeemed"). */
const STATUSES = ['hosting', 'settled', 'redeemed'] as const;

/** Earn orders in three tabs; with `id`, one order's detail. */
export default function EarnOrderPage() {
  useFeatureMessages('earn');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (id !== '') return <OrderView id={id} />;
  return (
    <RecordTabs tabs={STATUSES.map((key) => ({ key, title: t(`earn.status.${key}`) }))}>
      {(tab) => <OrderList key={tab} tab={tab} />}
    </RecordTabs>
  );
}

function OrderView({ id }: { id: string }) {
  const order = useEarnOrder(id);
  return <QueryState query={order}>{(detail) => <OrderDetail detail={detail} />}</QueryState>;
}

function OrderList({ tab }: { tab: EarnTab }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const orders = useEarnOrders(tab);
  return (
    <Section>
      <QueryState query={orders}>
        {(data) => {
          const items = data.pages.flatMap((p) => p.items);
          if (items.length === 0) return <EmptyState message={t('earn.noOrders')} />;
          return (
            <>
              {items.map((o) => (
                <OrderCard
                  key={o.id}
                  order={o}
                  onOpen={() => {
                    navigate(`${PATHS.earnOrder}?id=${o.id}`);
                  }}
                />
              ))}
              <MoreLoader
                hasMore={orders.hasNextPage}
                loadMore={async () => {
                  await orders.fetchNextPage({ throwOnError: true });
                }}
              />
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}
