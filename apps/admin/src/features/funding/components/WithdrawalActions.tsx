import type { AdminWithdrawal } from '@ampere/contract/admin';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyName } from '@/components/Amount';
import { useCan, useSession } from '@/core/session';
import { errorText } from '@/i18n/errorText';
import {
  useApproveWithdrawal,
  usePayWithdrawal,
  useRejectWithdrawal,
  useSendWithdrawal,
} from '../api/funding';
import { RejectForm } from './RejectForm';

function useSummary(w: AdminWithdrawal): string {
  const { t } = useTranslation();
  const to =
    w.destination.kind === 'card'
      ? `${w.destination.bankName} ${w.destination.cardNumber} (${w.destination.accountName})`
      : `${w.destination.network} ${w.destination.address}`;
  return t('fundingDesk.withdrawals.summary', {
    amount: w.amount,
    arrival: w.actualArrival,
    currency: currencyName(w.currency),
    user: `${w.user.username} (${w.user.uid})`,
    to,
  });
}

/**
 * Approve or reject a pending withdrawal. One that needs two approvers says so; a member who has
 * already approved it is not offered the second approval (the server refuses it too, 7103).
 */
export function ReviewWithdrawal({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { staff: me } = useSession();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const summary = useSummary(withdrawal);
  const { id } = withdrawal;
  const mine = withdrawal.approvals.some((a) => a.by.id === me.id);
  const second = withdrawal.approvalsNeeded === 2 && withdrawal.approvals.length === 1;
  return (
    <Space size={0}>
      {mine ? (
        <Tooltip title={t('fundingDesk.withdrawals.ownApprovalHint')}>
          <Tag bordered={false}>{t('fundingDesk.withdrawals.youApproved')}</Tag>
        </Tooltip>
      ) : (
        <Popconfirm
          title={t(
            second
              ? 'fundingDesk.withdrawals.secondApproveTitle'
              : 'fundingDesk.withdrawals.approveTitle',
            { id },
          )}
          description={<div style={{ maxWidth: 340 }}>{summary}</div>}
          okText={t('fundingDesk.withdrawals.approve')}
          cancelText={t('common.cancel')}
          onConfirm={() => {
            approve.mutate(
              { id },
              {
                onSuccess: () =>
                  void message.success(t('fundingDesk.withdrawals.approved', { id })),
                onError: (error) => void message.error(errorText(error, t)),
              },
            );
          }}
        >
          <Button type="link" size="small">
            {t(
              second ? 'fundingDesk.withdrawals.secondApprove' : 'fundingDesk.withdrawals.approve',
            )}
          </Button>
        </Popconfirm>
      )}
      <RejectForm
        title={t('fundingDesk.withdrawals.rejectTitle', { id })}
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

/** Pay an approved withdrawal: by hand with the bank's payout reference, or through the chain. */
export function PayWithdrawal({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canPay = useCan('funding.pay');
  const pay = usePayWithdrawal();
  const send = useSendWithdrawal();
  const summary = useSummary(withdrawal);
  const { id } = withdrawal;
  if (!canPay) return null;
  if (withdrawal.chainPayout) {
    return (
      <Popconfirm
        title={t('fundingDesk.withdrawals.sendTitle', { id })}
        description={<div style={{ maxWidth: 340 }}>{summary}</div>}
        okText={t('fundingDesk.withdrawals.send')}
        cancelText={t('common.cancel')}
        onConfirm={() => {
          send.mutate(
            { id },
            {
              onSuccess: () => void message.success(t('fundingDesk.withdrawals.sent', { id })),
              onError: (error) => void message.error(errorText(error, t)),
            },
          );
        }}
      >
        <Button type="link" size="small">
          {t('fundingDesk.withdrawals.send')}
        </Button>
      </Popconfirm>
    );
  }
  return (
    <ModalForm<{ reference: string; note?: string }>
      title={t('fundingDesk.withdrawals.paidTitle', { id })}
      width={520}
      trigger={
        <Button type="link" size="small">
          {t('fundingDesk.withdrawals.markPaid')}
        </Button>
      }
      modalProps={{
        destroyOnHidden: true,
        okText: t('fundingDesk.withdrawals.markPaid'),
        cancelText: t('common.cancel'),
      }}
      onFinish={async ({ reference }) => {
        try {
          await pay.mutateAsync({ id, reference: reference.trim() });
          void message.success(t('fundingDesk.withdrawals.paid', { id }));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <Typography.Paragraph>{summary}</Typography.Paragraph>
      <ProFormText
        name="reference"
        label={t('fundingDesk.withdrawals.payoutReference')}
        placeholder={t('fundingDesk.withdrawals.payoutReferenceHint')}
        rules={[
          {
            required: true,
            whitespace: true,
            min: 4,
            max: 128,
            message: t('fundingDesk.withdrawals.payoutReferenceHint'),
          },
        ]}
      />
    </ModalForm>
  );
}
