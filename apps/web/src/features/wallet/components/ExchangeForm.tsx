import { Button, Form, Input } from 'antd-mobile';
import { LoopOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRules } from '@/components/formRules';
import { InfoRows } from '@/components/InfoRows';
import { UnavailableSubmit } from '@/components/UnavailableSubmit';
import { scaleOf } from '../currency';
import styles from './WalletForm.module.css';

interface Currency {
  key: string;
  name: string;
}

/**
 * Currency exchange between the two wallet currencies (SPEC §1). The rate, the fee rate and the
 * single-exchange maximum are the server's (GET user/exchange); until they arrive the rows show a
 * dash and the form cannot be sent.
 */
export function ExchangeForm({ currencies }: { currencies: readonly [Currency, Currency] }) {
  const { t } = useTranslation();
  const [[from, to], setPair] = useState(currencies);
  const unknown = '—';
  return (
    <Form
      layout="vertical"
      mode="card"
      footer={
        <UnavailableSubmit
          label={t('wallet.exchange.submit')}
          reason={t('wallet.exchange.unavailable')}
        />
      }
    >
      <Form.Item label={t('wallet.exchange.from')}>{from.name}</Form.Item>
      <div className={styles.swap}>
        <Button
          size="small"
          shape="rounded"
          aria-label={t('wallet.exchange.swap')}
          onClick={() => {
            setPair([to, from]);
          }}
        >
          <LoopOutline />
        </Button>
      </div>
      <Form.Item label={t('wallet.exchange.to')}>{to.name}</Form.Item>
      <Form.Item
        name="amount"
        label={t('wallet.amount')}
        rules={amountRules(scaleOf(from.key), {
          missing: t('validation.amount'),
          invalid: t('validation.validAmount'),
        })}
      >
        <Input inputMode="decimal" placeholder="0.00" clearable />
      </Form.Item>
      <InfoRows
        rows={[
          { label: t('wallet.exchange.rate'), value: unknown },
          { label: t('wallet.fee'), value: unknown },
          { label: t('wallet.exchange.receive'), value: unknown },
        ]}
      />
    </Form>
  );
}
