import { STAFF_REASONS } from '@ampere/contract';
import type { FundingReject } from '@ampere/contract/admin';
import { ModalForm, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type StaffReason = (typeof STAFF_REASONS)[number];

interface Props {
  title: string;
  summary: string;
  onReject: (body: FundingReject) => Promise<boolean>;
}

/** Reject with one of the reasons the user is told (in their language), and a note if needed. */
export function RejectForm({ title, summary, onReject }: Props) {
  const { t } = useTranslation();
  return (
    <ModalForm<{ reason: StaffReason; note?: string }>
      title={title}
      width={520}
      trigger={
        <Button type="link" size="small" danger>
          {t('fundingDesk.reject')}
        </Button>
      }
      modalProps={{
        destroyOnHidden: true,
        okText: t('fundingDesk.reject'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
      }}
      onFinish={async ({ reason, note }) => {
        const trimmed = note?.trim();
        return onReject({ reason, note: trimmed === '' ? undefined : trimmed });
      }}
    >
      <Typography.Paragraph>{summary}</Typography.Paragraph>
      <ProFormSelect
        name="reason"
        label={t('fundingDesk.reason')}
        options={STAFF_REASONS.map((value) => ({
          value,
          label: t(`fundingDesk.reasons.${value}`),
        }))}
        rules={[{ required: true, message: t('fundingDesk.reasonHint') }]}
      />
      <ProFormTextArea
        name="note"
        label={t('fundingDesk.note')}
        placeholder={t('fundingDesk.noteHint')}
        fieldProps={{ maxLength: 500, showCount: true }}
      />
    </ModalForm>
  );
}
