import type { Book, CurrencyKey, Order, OrderStatus, StatementItem } from '@ampere/contract';
import { ORDER_STATUSES } from '@ampere/contract';
import type { UserSummary } from '@ampere/contract/admin';
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, currencyName } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useUserLogins, useUserOrders, useUserReferrals, useUserStatement } from '../api/users';
import { LevelTag, UserStatusBadge } from './UserTags';

interface Paged {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** A list read a page at a time: its rows, the first load's error, and "Load more". */
function PagedTable<T extends object>({
  rowKey,
  rows,
  columns,
  query,
  filter,
}: {
  rowKey: keyof T & string;
  rows: T[] | undefined;
  columns: TableColumnsType<T>;
  query: Paged;
  filter?: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && rows === undefined)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Flex vertical gap={12}>
      {filter}
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching && !query.isFetchingNextPage}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {query.hasNextPage && (
        <Flex justify="center">
          <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('users.loadMore')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function CurrencyFilter({
  value,
  onChange,
}: {
  value: CurrencyKey | undefined;
  onChange: (value: CurrencyKey | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<CurrencyKey>
      allowClear
      style={{ width: 200 }}
      placeholder={t('users.allCurrencies')}
      value={value}
      onChange={(v) => {
        onChange(v);
      }}
      options={(['money', 'usdt'] as const).map((c) => ({ value: c, label: currencyName(c) }))}
    />
  );
}

/** The user's ledger statement, newest first, as the app shows it to them. */
export function UserStatement({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [currency, setCurrency] = useState<CurrencyKey>();
  const query = useUserStatement(uid, currency);
  const rows = query.data?.pages.flatMap((page) => page.items);
  const columns: TableColumnsType<StatementItem> = [
    {
      title: t('users.statement.time'),
      dataIndex: 'time',
      render: (_, row) => formatDateTime(row.time, locale),
    },
    { title: t('users.statement.kind'), dataIndex: 'kindLabel' },
    {
      title: t('users.statement.account'),
      dataIndex: 'purposeLabel',
      render: (_, row) => `${currencyName(row.currency)} · ${row.purposeLabel}`,
    },
    {
      title: t('users.statement.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => <Amount value={row.amount} currency={row.currency} signed />,
    },
    {
      title: t('users.statement.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (_, row) => <Amount value={row.balanceAfter} currency={row.currency} />,
    },
    {
      title: t('users.statement.reference'),
      dataIndex: 'reference',
      render: (_, row) => row.reference ?? '—',
    },
  ];
  return (
    <PagedTable
      rowKey="id"
      rows={rows}
      columns={columns}
      query={query}
      filter={<CurrencyFilter value={currency} onChange={setCurrency} />}
    />
  );
}

/** Every order of the user in one book (real money unless told), open and settled, newest first. */
export function UserOrders({ uid, book = 'real' }: { uid: string; book?: Book }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [status, setStatus] = useState<OrderStatus>();
  const query = useUserOrders(uid, status, book);
  const rows = query.data?.pages.flatMap((page) => page.items);
  const columns: TableColumnsType<Order> = [
    { title: t('users.orders.id'), dataIndex: 'id' },
    {
      title: t('users.orders.openedAt'),
      dataIndex: 'openedAt',
      render: (_, o) => formatDateTime(new Date(o.openedAt).toISOString(), locale),
    },
    { title: t('users.orders.product'), dataIndex: 'name' },
    {
      title: t('users.orders.direction'),
      dataIndex: 'direction',
      render: (_, o) => (
        <Tag color={o.direction === 'up' ? 'green' : 'red'} bordered={false}>
          {t(`users.orders.directions.${o.direction}`)}
        </Tag>
      ),
    },
    {
      title: t('users.orders.stake'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, o) => <Amount value={o.amount} currency={o.currency} showCurrency />,
    },
    { title: t('users.orders.period'), dataIndex: 'period', render: (_, o) => `${o.period} s` },
    {
      title: t('users.orders.status'),
      dataIndex: 'status',
      render: (_, o) => <Tag bordered={false}>{t(`users.orders.statuses.${o.status}`)}</Tag>,
    },
    {
      title: t('users.orders.profit'),
      dataIndex: 'profit',
      align: 'right',
      render: (_, o) =>
        o.profit === null ? '—' : <Amount value={o.profit} currency={o.currency} signed />,
    },
  ];
  return (
    <PagedTable
      rowKey="id"
      rows={rows}
      columns={columns}
      query={query}
      filter={
        <Select<OrderStatus>
          allowClear
          style={{ width: 200 }}
          placeholder={t('users.orders.allStatuses')}
          value={status}
          onChange={(v) => {
            setStatus(v);
          }}
          options={ORDER_STATUSES.map((s) => ({
            value: s,
            label: t(`users.orders.statuses.${s}`),
          }))}
        />
      }
    />
  );
}

interface LoginRow {
  key: number;
  time: string;
  ip: string | null;
  device: string | null;
  success: boolean;
}

/** The most recent sign-ins and failed attempts. */
export function UserLogins({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const query = useUserLogins(uid);
  if (query.isError && query.data === undefined)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data?.map((login, key) => ({ key, ...login }));
  return (
    <Table<LoginRow>
      size="small"
      pagination={false}
      loading={query.isFetching}
      dataSource={rows}
      columns={[
        {
          title: t('users.logins.time'),
          dataIndex: 'time',
          render: (_, row) => formatDateTime(row.time, locale),
        },
        {
          title: t('users.logins.result'),
          dataIndex: 'success',
          render: (_, row) =>
            row.success ? (
              <Tag color="success" bordered={false}>
                {t('users.logins.success')}
              </Tag>
            ) : (
              <Tag color="error" bordered={false}>
                {t('users.logins.failure')}
              </Tag>
            ),
        },
        { title: t('users.logins.ip'), dataIndex: 'ip', render: (_, row) => row.ip ?? '—' },
        {
          title: t('users.logins.device'),
          dataIndex: 'device',
          ellipsis: true,
          render: (_, row) => (
            <Typography.Text type="secondary">{row.device ?? '—'}</Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** The accounts this user referred, newest first. */
export function UserReferrals({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const query = useUserReferrals(uid);
  const rows = query.data?.pages.flatMap((page) => page.items);
  const columns: TableColumnsType<UserSummary> = [
    {
      title: t('users.uid'),
      dataIndex: 'uid',
      render: (_, u) => <Link to={`/users/${u.uid}`}>{u.uid}</Link>,
    },
    { title: t('users.username'), dataIndex: 'username' },
    {
      title: t('users.status'),
      dataIndex: 'status',
      render: (_, u) => <UserStatusBadge status={u.status} />,
    },
    {
      title: t('users.level'),
      dataIndex: 'level',
      render: (_, u) => <LevelTag name={u.levelName} />,
    },
    {
      title: t('users.createdAt'),
      dataIndex: 'createdAt',
      render: (_, u) => formatDateTime(u.createdAt, locale, { seconds: false }),
    },
  ];
  return <PagedTable rowKey="uid" rows={rows} columns={columns} query={query} />;
}
