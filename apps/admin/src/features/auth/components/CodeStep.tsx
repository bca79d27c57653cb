import type { StaffChallenge } from '@ampere/contract/admin';
import { SafetyOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitCode } from '../api/auth';
import { EnrolmentPanel } from './EnrolmentPanel';
import { FormError } from './FormError';

interface Props {
  challenge: StaffChallenge;
  error: unknown;
  onError: (error: unknown) => void;
  onRestart: () => void;
}

/** Step 2: the authenticator's code (after enrolling it, the first time). */
export function CodeStep({ challenge, error, onError, onRestart }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <>
      {challenge.enrolment ? (
        <EnrolmentPanel enrolment={challenge.enrolment} />
      ) : (
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t('signIn.codeTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('signIn.codeHint')}</Typography.Paragraph>
        </>
      )}
      <FormError error={error} />
      <ProForm<{ code: string }>
        form={form}
        layout="vertical"
        size="large"
        autoFocusFirstInput
        submitter={{
          searchConfig: { submitText: t('signIn.submit') },
          resetButtonProps: false,
          submitButtonProps: { block: true },
        }}
        onFinish={async ({ code }) => {
          try {
            await submitCode({ challenge: challenge.challenge, code: code.trim() });
          } catch (failure) {
            // A wrong or used code: a fresh one is needed, so the old one goes.
            form.resetFields(['code']);
            onError(failure);
          }
        }}
      >
        <ProFormText
          name="code"
          label={t('signIn.code')}
          fieldProps={{
            prefix: <SafetyOutlined />,
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 6,
            style: { letterSpacing: 4 },
          }}
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('signIn.enterCode') }]}
        />
      </ProForm>
      <Button type="link" block onClick={onRestart}>
        {t('signIn.back')}
      </Button>
    </>
  );
}
