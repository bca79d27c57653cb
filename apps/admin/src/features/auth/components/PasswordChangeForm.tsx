import { PASSWORD_MAX, PASSWORD_MIN, newPasswordSchema } from '@ampere/contract';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/auth';
import { FormError } from './FormError';

interface Props {
  /** Signed in with a one-time password: the current one is that. */
  oneTime?: boolean;
}

interface Values {
  current: string;
  password: string;
  repassword: string;
}

/** Current password, new password twice; the new one by the contract's rules. */
export function PasswordChangeForm({ oneTime = false }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>();
  const rules = t('password.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  return (
    <>
      <FormError error={error} />
      <ProForm<Values>
        form={form}
        layout="vertical"
        submitter={{
          searchConfig: { submitText: t('password.submit') },
          resetButtonProps: false,
        }}
        onFinish={async (values) => {
          try {
            setError(undefined);
            await changePassword(values);
            form.resetFields();
            void message.success(t('password.changed'));
          } catch (failure) {
            setError(failure);
          }
        }}
      >
        <ProFormText.Password
          name="current"
          label={oneTime ? t('password.currentOneTime') : t('password.current')}
          fieldProps={{ autoComplete: 'current-password', maxLength: 256 }}
          rules={[{ required: true, message: t('password.enterCurrent') }]}
        />
        <ProFormText.Password
          name="password"
          label={t('password.new')}
          extra={rules}
          fieldProps={{ autoComplete: 'new-password', maxLength: PASSWORD_MAX }}
          rules={[
            { required: true, message: t('password.enterNew') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !newPasswordSchema.safeParse(value).success) throw new Error(rules);
              },
            },
          ]}
        />
        <ProFormText.Password
          name="repassword"
          label={t('password.repeat')}
          dependencies={['password']}
          fieldProps={{ autoComplete: 'new-password', maxLength: PASSWORD_MAX }}
          rules={[
            { required: true, message: t('password.enterRepeat') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) {
                  throw new Error(t('password.mismatch'));
                }
              },
            }),
          ]}
        />
      </ProForm>
    </>
  );
}
