import { newPasswordSchema } from '@ampere/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { passes, sameAs } from './formRules';

interface Props {
  label: string;
  placeholder: string;
  /** The field's required-field message (SPEC §5 words it per page). */
  requiredMessage: string;
  repeatLabel: string;
  repeatPlaceholder: string;
}

/**
 * A new password and its confirmation, checked with the contract's own password rules and the
 * SPEC's "The two passwords are inconsistent" — shared by registration and recovery.
 */
export function NewPasswordFields(props: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={props.label}
        description={t('auth.rules.password')}
        rules={[
          { required: true, message: props.requiredMessage },
          passes((value) => newPasswordSchema.safeParse(value).success, t('auth.rules.password')),
        ]}
      >
        <Input type="password" placeholder={props.placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repassword"
        label={props.repeatLabel}
        dependencies={['password']}
        rules={[
          { required: true, message: t('validation.passwordAgain') },
          sameAs('password', t('validation.passwordMismatch')),
        ]}
      >
        <Input type="password" placeholder={props.repeatPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
