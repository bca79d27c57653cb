import type { RechargeConfig, RechargeDetail } from '@ampere/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountRules, passes } from '@/components/formRules';
import { Section } from '@/components/Section';
import { errorText } from '@/i18n/errorText';
import { Toast } from '@/lib/overlays';
import { amountText, isAmount } from '../format';
import { useSubmitRecharge } from '../hooks/useFunding';
import { CopyRow } from './CopyRow';
import styles from './Funding.module.css';
import { ProofPicker, type PickedProof } from './ProofPicker';

interface Values {
  amount: string;
  payerName: string;
  reference: string;
}

type Bank = RechargeConfig['bank'];

/** Whether `amount` lies within [min, max], compared exactly as decimal text of one scale. */
export function withinBounds(amount: string, min: string, max: string): boolean {
  const cents = (text: string) => {
    const [int = '0', frac = ''] = text.split('.');
    return BigInt(int) * 100n + BigInt((frac + '00').slice(0, 2));
  };
  const value = cents(amount);
  return value >= cents(min) && value <= cents(max);
}

/**
 * A bank transfer to one of the platform's accounts: where to send (each detail with Copy),
 * then what was sent — amount, the payer's name and the bank's transfer reference, and if the
 * user likes the receipt's image — so finance can match it. It becomes a pending record that
 * finance confirms or rejects.
 */
export function BankRechargeForm({
  bank,
  onSubmitted,
}: {
  bank: Bank;
  onSubmitted: (record: RechargeDetail) => void;
}) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState(bank.accounts[0]?.id);
  const [proof, setProof] = useState<PickedProof>();
  const account = bank.accounts.find((a) => a.id === accountId) ?? bank.accounts[0];
  const submit = useSubmitRecharge();
  if (account === undefined)
    return <p className={styles.note}>{t('funding.recharge.noAccount')}</p>;
  const bounds = t('funding.bounds', {
    min: amountText(bank.min, 'money'),
    max: amountText(bank.max, 'money'),
  });
  return (
    <>
      <Section title={t('funding.recharge.payTo')}>
        {bank.accounts.length > 1 && (
          <div className={styles.copyRow}>
            <Selector
              columns={2}
              value={[account.id]}
              options={bank.accounts.map((a) => ({ value: a.id, label: a.bankName }))}
              onChange={([picked]) => {
                if (picked !== undefined) setAccountId(picked);
              }}
            />
          </div>
        )}
        <CopyRow label={t('funding.card.bankName')} value={account.bankName} />
        <CopyRow label={t('funding.card.accountName')} value={account.accountName} />
        <CopyRow label={t('funding.card.cardNumber')} value={account.cardNumber} />
        <CopyRow label={t('funding.card.branch')} value={account.branch} />
      </Section>
      <Form
        layout="vertical"
        mode="card"
        onFinish={(values: Values) => {
          submit.mutate(
            {
              accountId: account.id,
              amount: values.amount.trim(),
              payerName: values.payerName.trim(),
              reference: values.reference.trim(),
              ...(proof ? { proof: proof.id } : {}),
            },
            {
              onSuccess: (record) => {
                Toast.show({ icon: 'success', content: t('funding.recharge.submitted') });
                onSubmitted(record);
              },
              onError: (error) => {
                Toast.show({
                  icon: 'fail',
                  content: errorText(error, t, { fallback: 'recharge_failed' }),
                });
              },
            },
          );
        }}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
            {t('funding.recharge.submit')}
          </Button>
        }
      >
        <Form.Item
          name="amount"
          label={t('funding.amountIn', { currency: 'CNY' })}
          description={bounds}
          rules={[
            ...amountRules(2, {
              missing: t('validation.amount'),
              invalid: t('validation.validAmount'),
            }),
            passes(
              (value) => !isAmount(value, 'money') || withinBounds(value, bank.min, bank.max),
              bounds,
            ),
          ]}
        >
          <Input inputMode="decimal" placeholder="0.00" clearable />
        </Form.Item>
        <Form.Item
          name="payerName"
          label={t('funding.recharge.payerName')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: 2,
              message: t('funding.recharge.payerNameHint'),
            },
          ]}
        >
          <Input placeholder={t('funding.recharge.payerNameHint')} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('funding.recharge.reference')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: 4,
              message: t('funding.recharge.referenceHint'),
            },
          ]}
        >
          <Input placeholder={t('funding.recharge.referenceHint')} maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('funding.recharge.proof')}
          description={t('funding.recharge.proofNote')}
        >
          <ProofPicker value={proof} onChange={setProof} />
        </Form.Item>
      </Form>
      <p className={styles.note}>
        {t('funding.recharge.bankNote', { hours: Math.round(bank.expiresAfterS / 3600) })}
      </p>
    </>
  );
}
