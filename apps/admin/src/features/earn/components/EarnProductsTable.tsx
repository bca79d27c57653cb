import type { AdminEarnProduct } from '@ampere/contract/admin';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useEarnProducts } from '../api/earn';
import { EarnProductForm } from './EarnProductForm';

const CURRENCY = { money: 'CNY', usdt: 'USDT' } as const;

/** Every Earn product: terms, sale state, what was subscribed and what is Hosting. */
export function EarnProductsTable({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const products = useEarnProducts();
  if (products.isError)
    return <QueryError error={products.error} onRetry={() => void products.refetch()} />;
  const name = (p: AdminEarnProduct) =>
    p.names[i18n.language as 'en-US'] ?? p.names['en-US'] ?? p.id;
  return (
    <Table<AdminEarnProduct>
      rowKey="id"
      loading={products.isPending}
      dataSource={products.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('earn.name'), key: 'name', render: (_, p) => name(p) },
        { title: t('earn.currency'), key: 'currency', render: (_, p) => CURRENCY[p.currency] },
        { title: t('earn.dailyRate'), dataIndex: 'dailyRate' },
        { title: t('earn.cycleDays'), dataIndex: 'cycleDays' },
        { title: t('earn.limits'), key: 'limits', render: (_, p) => `${p.min} – ${p.max}` },
        {
          title: t('earn.quotas'),
          key: 'quotas',
          render: (_, p) => `${p.userQuota ?? '—'} / ${p.totalQuota ?? '—'}`,
        },
        { title: t('earn.penaltyRate'), dataIndex: 'penaltyRate' },
        {
          title: t('earn.status'),
          key: 'status',
          render: (_, p) => (
            <Tag color={p.status === 'active' ? 'green' : 'default'}>{t(`earn.${p.status}`)}</Tag>
          ),
        },
        { title: t('earn.subscribed'), dataIndex: 'subscribed' },
        {
          title: t('earn.hosting'),
          key: 'hosting',
          render: (_, p) => `${p.hostingOrders} · ${p.hostingPrincipal}`,
        },
        ...(canEdit
          ? [
              {
                title: '',
                key: 'edit',
                render: (_: unknown, p: AdminEarnProduct) => <EarnProductForm product={p} />,
              },
            ]
          : []),
      ]}
    />
  );
}
