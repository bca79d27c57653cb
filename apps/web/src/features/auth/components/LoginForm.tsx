import { Button, Input, List } from 'antd-mobile';
import { useId, useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../api/auth';
import styles from './LoginForm.module.css';

interface Props {
  submitting: boolean;
  onSubmit: (values: Credentials) => void;
}

type Field = keyof Credentials;
/** The fields found missing, each shown with its message. */
type Missing = Record<Field, boolean>;

/** What each field must hold: the account something besides spaces, the password anything. */
function missingFields(values: Credentials): Missing {
  return { username: values.username.trim() === '', password: values.password === '' };
}

/**
 * Account and password, each required with the messages of SPEC §5, drawn as antd-mobile's Form
 * draws the other forms (a card list, the label beside the field, the message under it) but
 * without Form: Log in is a visitor's first screen, and Form brings rc-field-form,
 * async-validator and Popover with its positioning library — ≈ 25 KB (Brotli) of the first
 * download, more than the page's own code many times over, for two required fields (issue #20,
 * LCP). A field is checked as it changes and both when the form is sent, as Form checks them.
 */
export function LoginForm({ submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [missing, setMissing] = useState<Missing>({ username: false, password: false });
  const messages = { username: t('validation.account'), password: t('validation.password') };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setMissing({ ...missing, [field]: missingFields(next)[field] });
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = missingFields(values);
    setMissing(found);
    if (!found.username && !found.password) onSubmit(values);
  };

  const item = (field: Field, label: string, input: (inputId: string) => ReactNode) => {
    const inputId = `${id}-${field}`;
    const error = missing[field] ? messages[field] : undefined;
    return (
      <List.Item
        className={styles.item}
        prefix={
          <label className={styles.label} htmlFor={inputId}>
            {label}
            <span className={styles.asterisk} aria-hidden>
              *
            </span>
          </label>
        }
        description={
          // Read out when it appears, as the field's own message.
          <div className={styles.error} aria-live="polite">
            {error}
          </div>
        }
      >
        {input(inputId)}
      </List.Item>
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <List mode="card" className={styles.list}>
        {item('username', t('auth.account'), (inputId) => (
          <Input
            id={inputId}
            value={values.username}
            onChange={change('username')}
            placeholder={t('auth.accountPlaceholder')}
            autoComplete="username"
            clearable
          />
        ))}
        {item('password', t('auth.password'), (inputId) => (
          <Input
            id={inputId}
            type="password"
            value={values.password}
            onChange={change('password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            clearable
          />
        ))}
      </List>
      <div className={styles.footer}>
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {t('auth.login')}
        </Button>
      </div>
    </form>
  );
}
