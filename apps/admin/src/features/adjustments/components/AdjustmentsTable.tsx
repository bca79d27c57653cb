import {
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  ADJUSTMENT_STATUSES,
  type Adjustment,
  type AdjustmentStatus,
} from '@ampere/contract/admin';
import { ModalForm, ProFormTextArea, ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Flex, Popconfirm, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, currencyName } from '@/components/Amount';
import { QueryError } from '@/components/QueryError';
import { useCan, useSession } from '@/core/session';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useAdjustments, useApproveAdjustment, useRejectAdjustment } from '../api/adjustments';
import { RequestAdjustmentForm } from './RequestAdjustmentForm';

/**
 * Approve or reject someone else's request. Never offered on one's own (four eyes); should the
 * server refuse anyway (7021, 7022), its words are shown.
 */
function Decide({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const { id } = adjustment;
  const fail = (error: unknown) => void message.error(errorText(error, t));
  const summary = t('adjustments.decide.summary', {
    amount: adjustment.amount,
    currency: currencyName(adjustment.currency),
    user: `${adjustment.user.username} (${adjustment.user.uid})`,
  });
  return (
    <Space size={0}>
      <Popconfirm
        title={t('adjustments.decide.approveTitle', { id })}
        description={<div style={{ maxWidth: 320 }}>{summary}</div>}
        okText={t('adjustments.decide.approve')}
        cancelText={t('common.cancel')}
        onConfirm={() => {
          approve.mutate(
            { id },
            {
              onSuccess: () => void message.success(t('adjustments.decide.approved', { id })),
              onError: fail,
            },
          );
        }}
      >
        <Button type="link" size="small">
          {t('adjustments.decide.approve')}
        </Button>
      </Popconfirm>
      <ModalForm<{ note: string }>
        title={t('adjustments.decide.rejectTitle', { id })}
        width={520}
        trigger={
          <Button type="link" size="small" danger>
            {t('adjustments.decide.reject')}
          </Button>
        }
        modalProps={{
          destroyOnHidden: true,
          okText: t('adjustments.decide.reject'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
        }}
        onFinish={async ({ note }) => {
          try {
            await reject.mutateAsync({ id, note: note.trim() });
            void message.success(t('adjustments.decide.rejected', { id }));
            return true;
          } catch (error) {
            fail(error);
            return false;
          }
        }}
      >
        <Typography.Paragraph>{summary}</Typography.Paragraph>
        <ProFormTextArea
          name="note"
          label={t('adjustments.decide.note')}
          placeholder={t('adjustments.request.reasonHint')}
          fieldProps={{ maxLength: ADJUSTMENT_REASON_MAX, showCount: true }}
          rules={[
            {
              required: true,
              whitespace: true,
              min: ADJUSTMENT_REASON_MIN,
              message: t('adjustments.request.reasonHint'),
            },
          ]}
        />
      </ModalForm>
    </Space>
  );
}

function AdjustmentList({ status }: { status: AdjustmentStatus }) {
  const { t } = useTranslation();
  const { staff: me } = useSession();
  const canApprove = useCan('adjustments.approve');
  const list = useAdjustments(status);
  const locale = currentLocale();
  const rows = list.data?.pages.flatMap((page) => page.items);
  const member = (m: Adjustment['requestedBy'] | null) =>
    m === null ? '—' : m.id === me.id ? `${m.username} (${t('adjustments.you')})` : m.username;

  const columns: ProColumns<Adjustment>[] = [
    { title: t('adjustments.id'), dataIndex: 'id', width: 80 },
    {
      title: t('adjustments.user'),
      dataIndex: 'user',
      render: (_, a) => (
        <Link to={`/users/${a.user.uid}`}>
          {a.user.username} ({a.user.uid})
        </Link>
      ),
    },
    {
      title: t('adjustments.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, a) => <Amount value={a.amount} currency={a.currency} signed showCurrency />,
    },
    {
      title: t('adjustments.reason'),
      dataIndex: 'reason',
      ellipsis: true,
      render: (_, a) => (
        <Tooltip title={a.reason}>
          <span>{a.reason}</span>
        </Tooltip>
      ),
    },
    {
      title: t('adjustments.requestedBy'),
      dataIndex: 'requestedBy',
      render: (_, a) => member(a.requestedBy),
    },
    {
      title: t('adjustments.requestedAt'),
      dataIndex: 'requestedAt',
      render: (_, a) => formatDateTime(a.requestedAt, locale, { seconds: false }),
    },
  ];
  if (status === 'pending') {
    if (canApprove)
      columns.push({
        title: t('adjustments.actions'),
        valueType: 'option',
        width: 180,
        render: (_, a) =>
          a.requestedBy.id === me.id ? (
            <Tooltip title={t('adjustments.ownRequestHint')}>
              <Tag bordered={false}>{t('adjustments.ownRequest')}</Tag>
            </Tooltip>
          ) : (
            <Decide adjustment={a} />
          ),
      });
  } else {
    columns.push(
      {
        title: t('adjustments.decidedBy'),
        dataIndex: 'decidedBy',
        render: (_, a) => member(a.decidedBy),
      },
      {
        title: t('adjustments.decidedAt'),
        dataIndex: 'decidedAt',
        render: (_, a) => formatDateTime(a.decidedAt, locale, { seconds: false }),
      },
      {
        title: t('adjustments.decisionNote'),
        dataIndex: 'decisionNote',
        ellipsis: true,
        render: (_, a) => a.decisionNote ?? '—',
      },
      {
        title: t('adjustments.journal'),
        dataIndex: 'journalId',
        render: (_, a) => a.journalId ?? '—',
      },
    );
  }

  return (
    <ProTable<Adjustment>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={list.isFetching && !list.isFetchingNextPage}
      search={false}
      pagination={false}
      options={{ reload: () => void list.refetch(), density: false, setting: false }}
      toolBarRender={() => [<RequestButton key="request" />]}
      locale={
        list.isError && rows === undefined
          ? { emptyText: <QueryError error={list.error} onRetry={() => void list.refetch()} /> }
          : undefined
      }
      footer={
        list.hasNextPage
          ? () => (
              <Flex justify="center">
                <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {t('adjustments.loadMore')}
                </Button>
              </Flex>
            )
          : undefined
      }
    />
  );
}

function RequestButton() {
  return useCan('adjustments.request') ? <RequestAdjustmentForm /> : null;
}

/** The queue: pending first, then what was approved or rejected. */
export function AdjustmentsTable() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdjustmentStatus>('pending');
  return (
    <Tabs
      activeKey={status}
      onChange={(key) => {
        setStatus(ADJUSTMENT_STATUSES.find((s) => s === key) ?? 'pending');
      }}
      destroyOnHidden
      items={ADJUSTMENT_STATUSES.map((s) => ({
        key: s,
        label: t(`adjustments.statuses.${s}`),
        children: <AdjustmentList status={s} />,
      }))}
    />
  );
}
