import { FUND_PASSWORD_LENGTH, FUND_PASSWORD_PATTERN } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { digitsOnly, passes } from '@/components/formRules';
import type { PasswordRecovery } from '../api/auth';

interface Props {
  submitting: boolean;
  onSubmit: (values: PasswordRecovery) => void;
}

/** Account and fund password to prove ownership, then the new login password twice. */
export function FindPasswordForm({ submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={(values: PasswordRecovery) => {
        onSubmit(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('findPassword.submit')}
        </Button>
      }
    >
      <Form.Item
        name="username"
        label={t('auth.account')}
        rules={[{ required: true, whitespace: true, message: t('validation.account') }]}
      >
        <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" clearable />
      </Form.Item>
      <Form.Item
        name="mpassword"
        label={t('account.fund.password')}
        normalize={digitsOnly(FUND_PASSWORD_LENGTH)}
        rules={[
          { required: true, message: t('findPassword.enterFundPassword') },
          passes((value) => FUND_PASSWORD_PATTERN.test(value), t('account.fund.rules')),
        ]}
      >
        <Input
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={FUND_PASSWORD_LENGTH}
          placeholder={t('findPassword.fundPasswordPlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <NewPasswordFields
        label={t('account.newPassword')}
        placeholder={t('account.placeholder.new')}
        requiredMessage={t('validation.newPassword')}
        repeatLabel={t('account.repeatPassword')}
        repeatPlaceholder={t('account.placeholder.repeat')}
      />
    </Form>
  );
}
