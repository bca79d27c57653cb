import { newPasswordSchema } from '@ampere/contract';
import { Button, Form, Input } from 'antd-mobile';
import type { InputProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { passes, sameAs } from '@/components/formRules';
import type { PasswordChange, PasswordKind } from '../api/account';
import { FUND_PASSWORD_LENGTH, isFundPassword, toFundPasswordInput } from '../fundPassword';

interface Props {
  kind: PasswordKind;
  /** False when setting a first fund password, which has no current one to confirm. */
  askCurrent: boolean;
  submitting: boolean;
  onSubmit: (values: PasswordChange) => void;
}

/** A fund password is six digits: a numeric keypad, and nothing else can be typed. */
const FUND_INPUT: InputProps = {
  type: 'password',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: FUND_PASSWORD_LENGTH,
};

function useLabels(kind: PasswordKind, askCurrent: boolean) {
  const { t } = useTranslation();
  if (kind === 'login') {
    return {
      current: t('account.currentPassword'),
      next: t('account.newPassword'),
      repeat: t('account.repeatPassword'),
      rules: t('auth.rules.password'),
      placeholders: {
        current: t('account.placeholder.current'),
        next: t('account.placeholder.new'),
        repeat: t('account.placeholder.repeat'),
      },
    };
  }
  return {
    current: t('account.fund.current'),
    // Setting the first one, "new" would suggest an old one exists.
    next: askCurrent ? t('account.fund.new') : t('account.fund.password'),
    repeat: t('account.fund.repeat'),
    rules: t('account.fund.rules'),
    placeholders: {
      current: t('account.fund.placeholder.current'),
      next: t('account.fund.placeholder.new'),
      repeat: t('account.fund.placeholder.repeat'),
    },
  };
}

/**
 * Current, new and repeated password: the form of both password pages (SPEC §3, §5). The new
 * password is checked against the same rule the server applies, shown as a hint beforehand.
 */
export function PasswordForm({ kind, askCurrent, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const labels = useLabels(kind, askCurrent);
  const fund = kind === 'fund';
  const inputProps: InputProps = fund ? FUND_INPUT : { type: 'password' };
  const normalize = fund ? toFundPasswordInput : undefined;
  const isValid = fund
    ? isFundPassword
    : (value: string) => newPasswordSchema.safeParse(value).success;
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={(values: PasswordChange) => {
        onSubmit(values);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('common.confirm')}
        </Button>
      }
    >
      {askCurrent && (
        <Form.Item
          name="oldpassword"
          label={labels.current}
          normalize={normalize}
          rules={[{ required: true, message: t('validation.currentPassword') }]}
        >
          <Input
            {...inputProps}
            placeholder={labels.placeholders.current}
            autoComplete={fund ? 'off' : 'current-password'}
          />
        </Form.Item>
      )}
      <Form.Item
        name="password"
        label={labels.next}
        // A fund password's placeholder already says "6 digits"; a login password needs the rule.
        description={fund ? undefined : labels.rules}
        normalize={normalize}
        rules={[
          { required: true, message: t('validation.newPassword') },
          passes(isValid, labels.rules),
        ]}
      >
        <Input
          {...inputProps}
          placeholder={labels.placeholders.next}
          autoComplete={fund ? 'off' : 'new-password'}
        />
      </Form.Item>
      <Form.Item
        name="repassword"
        label={labels.repeat}
        dependencies={['password']}
        normalize={normalize}
        rules={[
          { required: true, message: t('validation.passwordAgain') },
          sameAs('password', t('validation.passwordMismatch')),
        ]}
      >
        <Input
          {...inputProps}
          placeholder={labels.placeholders.repeat}
          autoComplete={fund ? 'off' : 'new-password'}
        />
      </Form.Item>
    </Form>
  );
}
