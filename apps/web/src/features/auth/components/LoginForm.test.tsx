import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import type { Credentials } from '../api/auth';
import { LoginForm } from './LoginForm';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

function renderForm() {
  const onSubmit = vi.fn<(values: Credentials) => void>();
  render(<LoginForm submitting={false} onSubmit={onSubmit} />);
  // The asterisk is not read out: the account's name is the label's word alone.
  const account = screen.getByRole('textbox', { name: 'Account' });
  const password = screen.getByLabelText(/^Password/);
  const type = (input: HTMLElement, value: string) => {
    fireEvent.change(input, { target: { value } });
  };
  const submit = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  };
  return { account, password, type, submit, onSubmit };
}

describe('LoginForm', () => {
  it('labels each field, for a screen reader and for the password manager', () => {
    const { account, password } = renderForm();
    expect(account.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for both fields when sent empty, and sends nothing', () => {
    const { submit, onSubmit } = renderForm();
    submit();
    expect(screen.getByText('Please enter the account')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes an account of spaces as empty, but a password of spaces as a password', () => {
    const { account, password, type, submit, onSubmit } = renderForm();
    type(account, '   ');
    type(password, '   ');
    submit();
    expect(screen.getByText('Please enter the account')).toBeTruthy();
    expect(screen.queryByText('Please enter the password')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks a field as it changes: cleared, it asks again; filled, the message goes', () => {
    const { account, type } = renderForm();
    type(account, 'alice');
    expect(screen.queryByText('Please enter the account')).toBeNull();
    type(account, '');
    expect(screen.getByText('Please enter the account')).toBeTruthy();
    type(account, 'alice');
    expect(screen.queryByText('Please enter the account')).toBeNull();
    // The other field is not judged before it is touched or the form is sent.
    expect(screen.queryByText('Please enter the password')).toBeNull();
  });

  it('sends the values as typed once both are there', () => {
    const { account, password, type, submit, onSubmit } = renderForm();
    type(account, 'alice01');
    type(password, 'secret-1');
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'alice01', password: 'secret-1' });
  });

  it('is sent by Enter in the password field, as a form is', () => {
    const { account, password, type, onSubmit } = renderForm();
    type(account, 'alice01');
    type(password, 'secret-1');
    fireEvent.submit(password.closest('form')!);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'alice01', password: 'secret-1' });
  });
});
