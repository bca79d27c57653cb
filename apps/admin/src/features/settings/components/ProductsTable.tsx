import type { AdminPeriod, AdminProduct } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/QueryError';
import { useAdminProducts } from '../api/settings';
import { PeriodForm } from './PeriodForm';
import { ProductForm } from './ProductForm';

/** "0.85" as "85%": the rate as staff read it (exact: moving the point, never a float). */
function percent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const integer = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return `${integer}${rest === '' ? '' : `.${rest}`}%`;
}

function PeriodsTable({ product, canEdit }: { product: AdminProduct; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<AdminPeriod>
      rowKey="seconds"
      size="small"
      pagination={false}
      dataSource={product.periods}
      columns={[
        {
          title: t('products.seconds'),
          dataIndex: 'seconds',
          render: (_, p) => t('products.secondsValue', { count: p.seconds }),
        },
        {
          title: t('products.payoutRate'),
          dataIndex: 'payoutRate',
          render: (_, p) => `${p.payoutRate} (${percent(p.payoutRate)})`,
        },
        {
          title: t('products.limitsMoney'),
          key: 'money',
          render: (_, p) => `${p.limits.money.min} – ${p.limits.money.max}`,
        },
        {
          title: t('products.limitsUsdt'),
          key: 'usdt',
          render: (_, p) => `${p.limits.usdt.min} – ${p.limits.usdt.max}`,
        },
        {
          title: t('products.enabled'),
          dataIndex: 'enabled',
          render: (_, p) =>
            p.enabled ? (
              <Tag color="success" bordered={false}>
                {t('products.offered')}
              </Tag>
            ) : (
              <Tag bordered={false}>{t('products.notOffered')}</Tag>
            ),
        },
        ...(canEdit
          ? [
              {
                title: t('products.actions'),
                key: 'actions',
                render: (_: unknown, p: AdminPeriod) => (
                  <PeriodForm symbol={product.symbol} period={p} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Every product in sort order; each row opens its periods. Editing with settings.products. */
export function ProductsTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const list = useAdminProducts();
  if (list.isError && list.data === undefined) {
    return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  }
  const columns: ProColumns<AdminProduct>[] = [
    { title: t('products.symbol'), dataIndex: 'symbol' },
    { title: t('products.name'), dataIndex: 'name' },
    { title: t('products.category'), dataIndex: 'category' },
    {
      title: t('products.state'),
      dataIndex: 'tradingState',
      render: (_, p) => (
        <Tag color={p.tradingState === 'open' ? 'success' : 'default'}>
          {t(`products.states.${p.tradingState}`)}
        </Tag>
      ),
    },
    { title: t('products.sortOrder'), dataIndex: 'sortOrder' },
    {
      title: t('products.periods'),
      key: 'periods',
      render: (_, p) => `${p.periods.filter((x) => x.enabled).length} / ${p.periods.length}`,
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('products.actions'),
      valueType: 'option',
      render: (_, p) => <ProductForm product={p} />,
    });
  }
  return (
    <ProTable<AdminProduct>
      rowKey="symbol"
      columns={columns}
      dataSource={list.data}
      loading={list.isFetching}
      search={false}
      pagination={false}
      cardBordered
      options={{ reload: () => void list.refetch(), density: false, setting: false }}
      expandable={{
        expandedRowRender: (p) => <PeriodsTable product={p} canEdit={canEdit} />,
      }}
    />
  );
}
