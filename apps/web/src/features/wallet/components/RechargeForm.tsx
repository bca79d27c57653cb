import type { CurrencyKey } from '@ampere/contract';
import { Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { amountRules } from '@/components/formRules';
import { UnavailableSubmit } from '@/components/UnavailableSubmit';
import { USDT_CONFIRMATIONS_MAX, USDT_CONFIRMATIONS_MIN } from '@/lib/constants';
import { scaleOf } from '../currency';
import styles from './WalletForm.module.css';

/** SPEC §1: a recharge goes by bank card (into CNY) or by USDT transfer (into USDT). */
const METHODS = ['bank', 'usdt'] as const;
type Method = (typeof METHODS)[number];
const METHOD_CURRENCY: Record<Method, CurrencyKey> = { bank: 'money', usdt: 'usdt' };

/**
 * The recharge form. Where to pay comes from the server's recharge channels (GET user/recharge);
 * until they arrive there is nothing to pay into, so the form says so and cannot be sent.
 */
export function RechargeForm() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('bank');
  return (
    <Form
      layout="vertical"
      mode="card"
      footer={
        <UnavailableSubmit
          label={t('wallet.recharge.submit')}
          reason={t('wallet.recharge.noChannel')}
        />
      }
    >
      <Form.Item label={t('wallet.recharge.method')}>
        <Selector
          columns={2}
          value={[method]}
          options={METHODS.map((value) => ({
            value,
            label: t(`wallet.recharge.methods.${value}`),
          }))}
          onChange={([picked]) => {
            if (picked) setMethod(picked);
          }}
        />
      </Form.Item>
      <Form.Item label={t('wallet.recharge.channel')}>
        <EmptyState message={t('wallet.recharge.noChannel')} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('wallet.amount')}
        rules={amountRules(scaleOf(METHOD_CURRENCY[method]), {
          missing: t('validation.amount'),
          invalid: t('validation.validAmount'),
        })}
        help={
          method === 'usdt'
            ? t('wallet.recharge.usdtConfirmations', {
                min: USDT_CONFIRMATIONS_MIN,
                max: USDT_CONFIRMATIONS_MAX,
              })
            : undefined
        }
      >
        <Input inputMode="decimal" placeholder="0.00" clearable />
      </Form.Item>
      <p className={styles.note}>{t('wallet.recharge.note')}</p>
    </Form>
  );
}
