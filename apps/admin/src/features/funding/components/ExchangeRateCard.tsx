import type { AdminExchangeRate, ExchangeRateChange } from '@ampere/contract/admin';
import { ProCard, ProForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { App, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { errorText } from '@/i18n/errorText';
import { formatDateTime } from '@/lib/time';
import { useSaveExchangeRate } from '../api/funding';

/**
 * The CNY per USDT middle rate and its spread (funding.rates). Users buy USDT at mid + spread and
 * sell at mid − spread; the server works out both and shows them here once saved.
 */
export function ExchangeRateCard({ rate, canEdit }: { rate: AdminExchangeRate; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveExchangeRate();
  const locale = currentLocale();
  return (
    <ProCard title={t('fundingDesk.rate.title')} bordered>
      <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fundingDesk.rate.buy')}>
          {rate.buyRate ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.rate.sell')}>
          {rate.sellRate ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fundingDesk.rate.updated')}>
          {formatDateTime(rate.updatedAt, locale)} {rate.updatedBy?.username ?? ''}
        </Descriptions.Item>
      </Descriptions>
      <ProForm<ExchangeRateChange>
        layout="inline"
        initialValues={{ rate: rate.rate ?? '', spreadBps: rate.spreadBps }}
        disabled={!canEdit}
        submitter={
          canEdit
            ? { searchConfig: { submitText: t('fundingDesk.save') }, resetButtonProps: false }
            : false
        }
        onFinish={async (values) => {
          try {
            await save.mutateAsync(values);
            void message.success(t('fundingDesk.saved'));
            return true;
          } catch (error) {
            void message.error(errorText(error, t));
            return false;
          }
        }}
      >
        <ProFormText
          name="rate"
          label={t('fundingDesk.rate.mid')}
          rules={[
            {
              required: true,
              pattern: /^\d{1,3}(\.\d{1,6})?$/,
              message: t('fundingDesk.rate.midHint'),
            },
          ]}
        />
        <ProFormDigit
          name="spreadBps"
          label={t('fundingDesk.rate.spreadBps')}
          min={0}
          max={1000}
          fieldProps={{ precision: 0 }}
        />
      </ProForm>
    </ProCard>
  );
}
