import type { TradeLimits } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { passes } from '@/components/formRules';
import type { TradeLimitsForm } from '../api/trade';
import { currencyName } from '../display';
import { limitFieldError, limitKind, toLimitsForm } from '../limits';
import type { LimitField } from '../limits';
import styles from './LimitsForm.module.css';

interface Props {
  limits: TradeLimits;
  saving: boolean;
  onSave: (form: TradeLimitsForm) => void;
}

/**
 * The user's own responsible-trading limits (docs/trading-rules.md): a daily loss limit per
 * currency, a daily number of orders, and a reminder after some minutes of use. Empty is none.
 */
export function LimitsForm({ limits, saving, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TradeLimitsForm>();
  const rule = (field: LimitField) =>
    passes(
      (value) => limitFieldError(field, value) === undefined,
      t(limitKind(field) === 'amount' ? 'validation.validAmount' : 'trade.limits.invalidCount'),
    );
  const fields: { name: LimitField; label: string; unit?: string; decimal: boolean }[] = [
    {
      name: 'dailyLossMoney',
      label: t('trade.limits.dailyLoss', { currency: currencyName('money') }),
      unit: currencyName('money'),
      decimal: true,
    },
    {
      name: 'dailyLossUsdt',
      label: t('trade.limits.dailyLoss', { currency: currencyName('usdt') }),
      unit: currencyName('usdt'),
      decimal: true,
    },
    {
      name: 'dailyTrades',
      label: t('trade.limits.dailyTrades'),
      decimal: false,
    },
    {
      name: 'reminderMinutes',
      label: t('trade.limits.reminder'),
      unit: t('trade.limits.minutesUnit'),
      decimal: false,
    },
  ];
  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      initialValues={toLimitsForm(limits)}
      onFinish={(values: TradeLimitsForm) => {
        onSave(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Header>{t('trade.limits.help')}</Form.Header>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          rules={[rule(field.name)]}
          extra={field.unit && <span className={styles.unit}>{field.unit}</span>}
        >
          <Input
            inputMode={field.decimal ? 'decimal' : 'numeric'}
            autoComplete="off"
            clearable
            placeholder={t(
              field.name === 'reminderMinutes' ? 'trade.limits.noReminder' : 'trade.limits.noLimit',
            )}
          />
        </Form.Item>
      ))}
    </Form>
  );
}
