import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BankCard } from '../api/account';

interface Props {
  submitting: boolean;
  onSubmit: (values: BankCard) => void;
}

/** The bank account withdrawals are paid to (SPEC §3). */
export function BankCardForm({ submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={(values: BankCard) => {
        onSubmit(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item name="account_name" label={t('bankCard.accountName')} rules={[required]}>
        <Input autoComplete="name" clearable />
      </Form.Item>
      <Form.Item name="bank_name" label={t('bankCard.bankName')} rules={[required]}>
        <Input clearable />
      </Form.Item>
      <Form.Item name="card_number" label={t('bankCard.cardNumber')} rules={[required]}>
        <Input inputMode="numeric" autoComplete="cc-number" clearable />
      </Form.Item>
      <Form.Item name="branch" label={t('bankCard.branch')} rules={[required]}>
        <Input clearable />
      </Form.Item>
    </Form>
  );
}
