import type { RechargeStatus } from '@ampere/contract';
import type { AdminRecharge } from '@ampere/contract/admin';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Drawer, Descriptions, Flex, Popconfirm, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, currencyName } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { useCan } from '@/core/session';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useConfirmRecharge, useRechargeRecords, useRejectRecharge } from '../api/funding';
import { ProofImage } from './ProofImage';
import { RecordTimeline } from './RecordTimeline';
import { RejectForm } from './RejectForm';

/** The statuses staff look at: bank recharges (chain deposits are not reviewed here). */
const TABS = [
  'pending',
  'credited',
  'rejected',
  'expired',
] as const satisfies readonly RechargeStatus[];

function Decide({ recharge }: { recharge: AdminRecharge }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmRecharge();
  const reject = useRejectRecharge();
  const { id } = recharge;
  const summary = t('fundingDesk.recharges.summary', {
    amount: recharge.amount,
    currency: currencyName(recharge.currency),
    user: `${recharge.user.username} (${recharge.user.uid})`,
    payer: recharge.payerName,
    reference: recharge.reference,
  });
  return (
    <Space size={0}>
      <Popconfirm
        title={t('fundingDesk.recharges.confirmTitle', { id })}
        description={<div style={{ maxWidth: 340 }}>{summary}</div>}
        okText={t('fundingDesk.recharges.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() => {
          confirm.mutate(
            { id },
            {
              onSuccess: () => void message.success(t('fundingDesk.recharges.confirmed', { id })),
              onError: (error) => void message.error(errorText(error, t)),
            },
          );
        }}
      >
        <Button type="link" size="small">
          {t('fundingDesk.recharges.confirm')}
        </Button>
      </Popconfirm>
      <RejectForm
        title={t('fundingDesk.recharges.rejectTitle', { id })}
        summary={summary}
        onReject={async (body) => {
          try {
            await reject.mutateAsync({ id, ...body });
            void message.success(t('fundingDesk.rejected', { id }));
            return true;
          } catch (error) {
            void message.error(errorText(error, t));
            return false;
          }
        }}
      />
    </Space>
  );
}

function RechargeDetail({ recharge, onClose }: { recharge: AdminRecharge; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Drawer
      open
      width={520}
      title={t('fundingDesk.recharges.detail', { id: recharge.id })}
      onClose={onClose}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fundingDesk.user')}>
          {recharge.user.username} ({recharge.user.uid})
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.amount')}>
          <Amount value={recharge.amount} currency={recharge.currency} showCurrency />
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.recharges.payer')}>
          {recharge.payerName}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.recharges.reference')}>
          {recharge.reference}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.recharges.account')}>
          {recharge.account.bankName} {recharge.account.cardNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.recharges.proof')}>
          <ProofImage proof={recharge.proof} size="large" />
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.createdAt')}>
          {formatDateTime(recharge.createdAt, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.recharges.expiresAt')}>
          {formatDateTime(recharge.expiresAt, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.decidedBy')}>
          {recharge.decidedBy?.username ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.journal')}>
          {recharge.journalId ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 24 }}>{t('fundingDesk.timeline')}</h4>
      <RecordTimeline entries={recharge.timeline} />
    </Drawer>
  );
}

function RechargeList({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation();
  const canReview = useCan('funding.review');
  const list = useRechargeRecords(status);
  const locale = currentLocale();
  const [open, setOpen] = useState<AdminRecharge | undefined>(undefined);
  const rows = list.data?.pages.flatMap((page) => page.items);
  const columns: ProColumns<AdminRecharge>[] = [
    {
      title: t('fundingDesk.id'),
      dataIndex: 'id',
      width: 80,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(r);
          }}
        >
          {r.id}
        </Button>
      ),
    },
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
      title: t('fundingDesk.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, r) => <Amount value={r.amount} currency={r.currency} showCurrency />,
    },
    { title: t('fundingDesk.recharges.payer'), dataIndex: 'payerName' },
    { title: t('fundingDesk.recharges.reference'), dataIndex: 'reference' },
    {
      title: t('fundingDesk.recharges.account'),
      dataIndex: 'account',
      render: (_, r) => `${r.account.bankName} ${r.account.cardNumber.slice(-4)}`,
    },
    {
      title: t('fundingDesk.recharges.proof'),
      dataIndex: 'proof',
      width: 90,
      render: (_, r) => <ProofImage proof={r.proof} />,
    },
    {
      title: t('fundingDesk.createdAt'),
      dataIndex: 'createdAt',
      render: (_, r) => formatDateTime(r.createdAt, locale, { seconds: false }),
    },
  ];
  if (status === 'pending' && canReview) {
    columns.push({
      title: t('fundingDesk.actions'),
      valueType: 'option',
      width: 180,
      render: (_, r) => <Decide recharge={r} />,
    });
  }
  if (status !== 'pending') {
    columns.push({
      title: t('fundingDesk.decidedBy'),
      dataIndex: 'decidedBy',
      render: (_, r) => r.decidedBy?.username ?? '—',
    });
  }
  return (
    <>
      <ProTable<AdminRecharge>
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
        <RechargeDetail
          recharge={open}
          onClose={() => {
            setOpen(undefined);
          }}
        />
      )}
    </>
  );
}

/** The bank recharge review queue: pending oldest first, then what was decided. */
export function RechargeQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof TABS)[number]>('pending');
  return (
    <Tabs
      activeKey={status}
      onChange={(key) => {
        setStatus(TABS.find((s) => s === key) ?? 'pending');
      }}
      destroyOnHidden
      items={TABS.map((s) => ({
        key: s,
        label: t(`fundingDesk.recharges.statuses.${s}`),
        children: <RechargeList status={s} />,
      }))}
    />
  );
}
