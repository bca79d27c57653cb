import type { CurrencyKey } from '@ampere/contract';
import {
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  isAdjustmentAmount,
} from '@ampere/contract/admin';
import { PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { newIdempotencyKey } from '@ampere/client';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyName } from '@/components/Amount';
import { errorText } from '@/i18n/errorText';
import { useRequestAdjustment } from '../api/adjustments';

interface Values {
  uid: string;
  currency: CurrencyKey;
  amount: string;
  reason: string;
}

/**
 * "Request adjustment": the user's uid, a currency, a signed amount (credit +, debit −) and why.
 * One form is one request: its Idempotency-Key is kept through retries until the server
 * accepts, so a lost answer never makes two.
 */
export function RequestAdjustmentForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const request = useRequestAdjustment();
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <ModalForm<Values>
      title={t('adjustments.request.title')}
      width={560}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('adjustments.request.action')}
        </Button>
      }
      initialValues={{ currency: 'money' }}
      modalProps={{
        destroyOnHidden: true,
        okText: t('adjustments.request.submit'),
        cancelText: t('common.cancel'),
      }}
      onFinish={async (values) => {
        try {
          const body = { ...values, uid: values.uid.trim(), reason: values.reason.trim() };
          const done = await request.mutateAsync({ key, body });
          void message.success(t('adjustments.request.done', { id: done.id }));
          setKey(newIdempotencyKey());
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <ProFormText
        name="uid"
        label={t('adjustments.user')}
        placeholder={t('adjustments.request.uidHint')}
        fieldProps={{ inputMode: 'numeric', maxLength: 19, autoComplete: 'off' }}
        rules={[
          { required: true, message: t('adjustments.request.uidHint') },
          { pattern: /^\s*[1-9][0-9]{0,18}\s*$/, message: t('adjustments.request.uidHint') },
        ]}
      />
      <ProFormSelect
        name="currency"
        label={t('adjustments.currency')}
        allowClear={false}
        options={(['money', 'usdt'] as const).map((c) => ({ value: c, label: currencyName(c) }))}
      />
      <ProFormDependency name={['currency']}>
        {({ currency }: { currency?: CurrencyKey }) => (
          <ProFormText
            name="amount"
            label={t('adjustments.amount')}
            extra={t('adjustments.request.amountHint')}
            fieldProps={{ inputMode: 'decimal', maxLength: 40, autoComplete: 'off' }}
            rules={[
              {
                required: true,
                validator: async (_, value: unknown) => {
                  const ok =
                    typeof value === 'string' && isAdjustmentAmount(value, currency ?? 'money');
                  if (!ok) throw new Error(t('adjustments.request.amountInvalid'));
                },
              },
            ]}
          />
        )}
      </ProFormDependency>
      <ProFormTextArea
        name="reason"
        label={t('adjustments.reason')}
        placeholder={t('adjustments.request.reasonHint')}
        fieldProps={{
          maxLength: ADJUSTMENT_REASON_MAX,
          showCount: true,
          autoSize: { minRows: 3, maxRows: 6 },
        }}
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
  );
}
