import { usernameSchema } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { passes } from '@/components/formRules';
import type { Registration } from '../api/auth';

interface Props {
  /** From the launch link's `i` parameter, when the user arrived through one. */
  inviteCode: string | undefined;
  submitting: boolean;
  onSubmit: (values: Registration) => void;
}

export function RegisterForm({ inviteCode, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      layout="horizontal"
      mode="card"
      initialValues={{ invite_code: inviteCode }}
      onFinish={(values: Registration) => {
        onSubmit(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('auth.register')}
        </Button>
      }
    >
      <Form.Item
        name="username"
        label={t('auth.account')}
        description={t('auth.rules.username')}
        rules={[
          { required: true, whitespace: true, message: t('validation.account') },
          passes((value) => usernameSchema.safeParse(value).success, t('auth.rules.username')),
        ]}
      >
        <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" clearable />
      </Form.Item>
      <NewPasswordFields
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        requiredMessage={t('validation.password')}
        repeatLabel={t('auth.repassword')}
        repeatPlaceholder={t('auth.repasswordPlaceholder')}
      />
      <Form.Item name="invite_code" label={t('auth.inviteCode')}>
        <Input placeholder={t('auth.inviteCodePlaceholder')} clearable />
      </Form.Item>
    </Form>
  );
}
