import type { AdminExchange } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, DatePicker, Flex, Form, Input, Space, Typography } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, currencyName } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useExchanges, type ExchangeFilter } from '../api/funding';

type Range = NonNullable<RangePickerProps['value']>;
interface Values {
  uid?: string;
  range?: Range | null;
}

/** The form's days as the server's [from, to): the first day's start to the day after the last. */
export function filterOf(values: Values): ExchangeFilter {
  const uid = values.uid?.trim();
  const [start, end] = values.range ?? [];
  return {
    ...(uid ? { uid } : {}),
    ...(start ? { from: start.startOf('day').toISOString() } : {}),
    ...(end ? { to: end.startOf('day').add(1, 'day').toISOString() } : {}),
  };
}

function Filters({ onApply }: { onApply: (filter: ExchangeFilter) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Form<Values>
      form={form}
      layout="inline"
      onFinish={(values) => {
        onApply(filterOf(values));
      }}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item
        name="uid"
        label={t('fundingDesk.exchanges.uid')}
        rules={[
          { pattern: /^\s*[1-9][0-9]{0,18}\s*$/, message: t('fundingDesk.exchanges.uidHint') },
        ]}
      >
        <Input allowClear placeholder={t('fundingDesk.exchanges.uidHint')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="range" label={t('fundingDesk.exchanges.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('fundingDesk.exchanges.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('fundingDesk.exchanges.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * Completed CNY↔USDT exchanges (read-only, funding.read): who, the pair, what was given and its
 * fee, the rate, what was received, when, and the ledger journal; by user and days, newest
 * first, a page at a time.
 */
export function ExchangeList() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [filter, setFilter] = useState<ExchangeFilter>({});
  const list = useExchanges(filter);
  const rows = list.data?.pages.flatMap((page) => page.items);
  const columns: ProColumns<AdminExchange>[] = [
    { title: t('fundingDesk.id'), dataIndex: 'id', width: 80 },
    {
      title: t('fundingDesk.user'),
      dataIndex: 'user',
      render: (_, r) => (
        <Link to={`/users/${r.user.uid}`}>
          {r.user.username} ({r.user.uid})
        </Link>
      ),
    },
    {
      title: t('fundingDesk.exchanges.pair'),
      dataIndex: 'from',
      render: (_, r) => `${currencyName(r.from)} → ${currencyName(r.to)}`,
    },
    {
      title: t('fundingDesk.exchanges.given'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, r) => <Amount value={r.amount} currency={r.from} showCurrency />,
    },
    {
      title: t('fundingDesk.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (_, r) => <Amount value={r.fee} currency={r.from} showCurrency />,
    },
    {
      title: t('fundingDesk.exchanges.rate'),
      dataIndex: 'rate',
      align: 'right',
      render: (_, r) => (
        <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{r.rate}</Typography.Text>
      ),
    },
    {
      title: t('fundingDesk.exchanges.received'),
      dataIndex: 'receive',
      align: 'right',
      render: (_, r) => <Amount value={r.receive} currency={r.to} showCurrency />,
    },
    {
      title: t('fundingDesk.exchanges.time'),
      dataIndex: 'createdAt',
      render: (_, r) => formatDateTime(r.createdAt, locale),
    },
    { title: t('fundingDesk.journal'), dataIndex: 'journalId', width: 100 },
  ];
  return (
    <>
      <Filters onApply={setFilter} />
      <ProTable<AdminExchange>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.isFetchingNextPage}
        search={false}
        pagination={false}
        options={{ reload: () => void list.refetch(), density: false, setting: false }}
        locale={
          list.isError && rows === undefined
            ? { emptyText: <QueryError error={list.error} onRetry={() => void list.refetch()} /> }
            : { emptyText: t('fundingDesk.exchanges.empty') }
        }
        footer={
          list.hasNextPage
            ? () => (
                <Flex justify="center">
                  <Button
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    {t('fundingDesk.loadMore')}
                  </Button>
                </Flex>
              )
            : undefined
        }
      />
    </>
  );
}
