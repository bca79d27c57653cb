import type { StaffChallenge } from '@ampere/contract/admin';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { submitPassword } from '../api/auth';
import { FormError } from './FormError';

interface Props {
  error: unknown;
  onChallenge: (challenge: StaffChallenge, username: string) => void;
  onError: (error: unknown) => void;
}

interface Values {
  username: string;
  password: string;
}

/** Step 1: name and password. */
export function PasswordStep({ error, onChallenge, onError }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <FormError error={error} />
      <ProForm<Values>
        layout="vertical"
        size="large"
        autoFocusFirstInput
        submitter={{
          searchConfig: { submitText: t('signIn.continue') },
          resetButtonProps: false,
          submitButtonProps: { block: true },
        }}
        onFinish={async ({ username, password }) => {
          try {
            onChallenge(await submitPassword({ username, password }), username);
          } catch (failure) {
            onError(failure);
          }
        }}
      >
        <ProFormText
          name="username"
          label={t('signIn.username')}
          fieldProps={{ prefix: <UserOutlined />, autoComplete: 'username', maxLength: 64 }}
          rules={[{ required: true, whitespace: true, message: t('signIn.enterUsername') }]}
        />
        <ProFormText.Password
          name="password"
          label={t('signIn.password')}
          fieldProps={{
            prefix: <LockOutlined />,
            autoComplete: 'current-password',
            maxLength: 256,
          }}
          rules={[{ required: true, message: t('signIn.enterPassword') }]}
        />
      </ProForm>
    </>
  );
}
