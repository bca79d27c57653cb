import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@ampere/contract';
import type { AdminWithdrawal } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, Descriptions, Drawer, Flex, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';
import { useWithdrawals } from '../api/funding';
import { RecordTimeline } from './RecordTimeline';
import { PayWithdrawal, ReviewWithdrawal } from './WithdrawalActions';

const destinationText = (w: AdminWithdrawal) =>
  w.destination.kind === 'card'
    ? `${w.destination.bankName} ${w.destination.cardNumber} · ${w.destination.accountName}`
    : `${w.destination.network} ${w.destination.address}`;

/** Approvals so far of those needed; two needed is shown loudly (a large amount). */
function Approvals({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  const text = `${String(w.approvals.length)}/${String(w.approvalsNeeded)}`;
  if (w.approvalsNeeded < 2) return <span>{text}</span>;
  return (
    <Tag color={w.approvals.length >= 2 ? 'green' : 'orange'}>
      {t('fundingDesk.withdrawals.twoApprovals', { count: w.approvals.length })}
    </Tag>
  );
}

function WithdrawalDetail({ w, onClose }: { w: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Drawer
      open
      width={560}
      title={t('fundingDesk.withdrawals.detail', { id: w.id })}
      onClose={onClose}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fundingDesk.user')}>
          {w.user.username} ({w.user.uid})
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.amount')}>
          <Amount value={w.amount} currency={w.currency} showCurrency />
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.fee')}>
          <Amount value={w.fee} currency={w.currency} showCurrency />
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.withdrawals.arrival')}>
          <Amount value={w.actualArrival} currency={w.currency} showCurrency />
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.withdrawals.destination')}>
          {destinationText(w)}
          {w.destination.kind === 'card' && <div>{w.destination.branch}</div>}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.withdrawals.approvals')}>
          <Approvals w={w} />{' '}
          {w.approvals.map((a) => `${a.by.username} ${formatDateTime(a.at, locale)}`).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.withdrawals.payoutReference')}>
          {w.payoutReference ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.createdAt')}>
          {formatDateTime(w.createdAt, locale)}
        </Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 24 }}>{t('fundingDesk.timeline')}</h4>
      <RecordTimeline entries={w.timeline} />
    </Drawer>
  );
}

function WithdrawalList({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  const canReview = useCan('funding.review');
  const list = useWithdrawals(status);
  const locale = currentLocale();
  const [open, setOpen] = useState<AdminWithdrawal | undefined>(undefined);
  const rows = list.data?.pages.flatMap((page) => page.items);
  const columns: ProColumns<AdminWithdrawal>[] = [
    {
      title: t('fundingDesk.id'),
      dataIndex: 'id',
      width: 80,
      render: (_, w) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(w);
          }}
        >
          {w.id}
        </Button>
      ),
    },
    {
      title: t('fundingDesk.user'),
      dataIndex: 'user',
      render: (_, w) => (
        <Link to={`/users/${w.user.uid}`}>
          {w.user.username} ({w.user.uid})
        </Link>
      ),
    },
    {
      title: t('fundingDesk.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, w) => <Amount value={w.amount} currency={w.currency} showCurrency />,
    },
    {
      title: t('fundingDesk.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (_, w) => <Amount value={w.fee} currency={w.currency} />,
    },
    {
      title: t('fundingDesk.withdrawals.arrival'),
      dataIndex: 'actualArrival',
      align: 'right',
      render: (_, w) => <Amount value={w.actualArrival} currency={w.currency} />,
    },
    {
      title: t('fundingDesk.withdrawals.destination'),
      dataIndex: 'destination',
      ellipsis: true,
      render: (_, w) => destinationText(w),
    },
    {
      title: t('fundingDesk.withdrawals.approvals'),
      dataIndex: 'approvals',
      render: (_, w) => <Approvals w={w} />,
    },
    {
      title: t('fundingDesk.createdAt'),
      dataIndex: 'createdAt',
      render: (_, w) => formatDateTime(w.createdAt, locale, { seconds: false }),
    },
  ];
  if (status === 'pending' && canReview) {
    columns.push({
      title: t('fundingDesk.actions'),
      valueType: 'option',
      width: 200,
      render: (_, w) => <ReviewWithdrawal withdrawal={w} />,
    });
  }
  if (status === 'approved') {
    columns.push({
      title: t('fundingDesk.actions'),
      valueType: 'option',
      width: 160,
      render: (_, w) => <PayWithdrawal withdrawal={w} />,
    });
  }
  if (status === 'paid') {
    columns.push({
      title: t('fundingDesk.withdrawals.payoutReference'),
      dataIndex: 'payoutReference',
      render: (_, w) => w.payoutReference ?? '—',
    });
  }
  return (
    <>
      <ProTable<AdminWithdrawal>
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
            : undefined
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
      {open !== undefined && (
        <WithdrawalDetail
          w={open}
          onClose={() => {
            setOpen(undefined);
          }}
        />
      )}
    </>
  );
}

/** The withdrawal queue: pending to review, approved to pay, then the settled ones. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus>('pending');
  return (
    <Tabs
      activeKey={status}
      onChange={(key) => {
        setStatus(WITHDRAWAL_STATUSES.find((s) => s === key) ?? 'pending');
      }}
      destroyOnHidden
      items={WITHDRAWAL_STATUSES.map((s) => ({
        key: s,
        label: t(`fundingDesk.withdrawals.statuses.${s}`),
        children: <WithdrawalList status={s} />,
      }))}
    />
  );
}
