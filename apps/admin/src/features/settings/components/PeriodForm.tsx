import { SCALES, type CurrencyKey } from '@ampere/contract';
import {
  amountMinor,
  currencyAmountSchema,
  payoutRateSchema,
  type AdminPeriod,
} from '@ampere/contract/admin';
import { ModalForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Button, Col, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/i18n/errorText';
import { useChangePeriod } from '../api/settings';

interface Values {
  payoutRate: string;
  enabled: boolean;
  limits: Record<CurrencyKey, { min: string; max: string }>;
}

/** The contract's own rules, so the form refuses what the server would. */
const isRate = (text: string) => payoutRateSchema.safeParse(text).success;
const isStake = (text: string, currency: CurrencyKey) =>
  currencyAmountSchema(currency, 'stake_limit').safeParse(text).success;

/**
 * A period's terms: payout rate, stake limits per currency, and whether it is offered. They
 * apply to orders placed afterwards; placed orders keep theirs.
 */
export function PeriodForm({ symbol, period }: { symbol: string; period: AdminPeriod }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangePeriod();

  const amountRules = (currency: CurrencyKey, bound: 'min' | 'max'): Rule[] => [
    { required: true, message: t('products.amountHelp', { scale: SCALES[currency] }) },
    {
      validator: async (_, value: string | undefined) => {
        if (value === undefined || value === '' || isStake(value, currency)) return;
        throw new Error(t('products.amountHelp', { scale: SCALES[currency] }));
      },
    },
    ({ getFieldValue }) => ({
      validator: async () => {
        if (bound !== 'min') return;
        const min = amountMinor(String(getFieldValue(['limits', currency, 'min'])), currency);
        const max = amountMinor(String(getFieldValue(['limits', currency, 'max'])), currency);
        if (min !== undefined && max !== undefined && min > max)
          throw new Error(t('products.minAboveMax'));
      },
    }),
  ];

  const limitField = (currency: CurrencyKey, bound: 'min' | 'max') => (
    <Col span={12}>
      <ProFormText
        name={['limits', currency, bound]}
        label={t(
          currency === 'money'
            ? bound === 'min'
              ? 'products.minMoney'
              : 'products.maxMoney'
            : bound === 'min'
              ? 'products.minUsdt'
              : 'products.maxUsdt',
        )}
        dependencies={bound === 'min' ? [['limits', currency, 'max']] : []}
        fieldProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        rules={amountRules(currency, bound)}
      />
    </Col>
  );

  return (
    <ModalForm<Values>
      title={t('products.editPeriod', { symbol, seconds: period.seconds })}
      width={560}
      trigger={
        <Button type="link" size="small">
          {t('products.edit')}
        </Button>
      }
      initialValues={{
        payoutRate: period.payoutRate,
        enabled: period.enabled,
        limits: period.limits,
      }}
      modalProps={{
        destroyOnHidden: true,
        okText: t('products.save'),
        cancelText: t('common.cancel'),
      }}
      onFinish={async (values) => {
        try {
          await change.mutateAsync({ symbol, seconds: period.seconds, ...values });
          void message.success(t('products.saved'));
          return true;
        } catch (error) {
          void message.error(errorText(error, t));
          return false;
        }
      }}
    >
      <Alert
        type="info"
        showIcon
        message={t('products.newOrdersOnly')}
        style={{ marginBottom: 16 }}
      />
      <ProFormText
        name="payoutRate"
        label={t('products.payoutRate')}
        extra={t('products.payoutRateHelp')}
        fieldProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        rules={[
          { required: true, message: t('products.payoutRateHelp') },
          {
            validator: async (_, value: string | undefined) => {
              if (value === undefined || value === '' || isRate(value)) return;
              throw new Error(t('products.payoutRateHelp'));
            },
          },
        ]}
      />
      <ProFormSwitch name="enabled" label={t('products.enabled')} />
      <Row gutter={16}>
        {limitField('money', 'min')}
        {limitField('money', 'max')}
        {limitField('usdt', 'min')}
        {limitField('usdt', 'max')}
      </Row>
    </ModalForm>
  );
}
