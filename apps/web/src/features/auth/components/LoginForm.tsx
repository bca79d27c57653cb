import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../api/auth';

interface Props {
  submitting: boolean;
  onSubmit: (values: Credentials) => void;
}

/** Account and password, each required with the messages of SPEC §5. */
export function LoginForm({ submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      layout="horizontal"
      mode="card"
      onFinish={(values: Credentials) => {
        onSubmit(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('auth.login')}
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
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('validation.password') }]}
      >
        <Input
          type="password"
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          clearable
        />
      </Form.Item>
    </Form>
  );
}
