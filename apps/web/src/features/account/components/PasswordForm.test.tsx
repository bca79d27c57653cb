import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import type { PasswordChange, PasswordKind } from '../api/account';
import { PasswordForm } from './PasswordForm';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

function renderForm(kind: PasswordKind, askCurrent: boolean) {
  const onSubmit = vi.fn<(values: PasswordChange) => void>();
  const { container } = render(
    <PasswordForm kind={kind} askCurrent={askCurrent} submitting={false} onSubmit={onSubmit} />,
  );
  const inputs = [...container.querySelectorAll('input')];
  const type = (index: number, value: string) => {
    const input = inputs[index];
    if (!input) throw new Error(`no input ${index}`);
    fireEvent.change(input, { target: { value } });
  };
  const submit = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      // rc-field-form validates asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { inputs, type, submit, onSubmit };
}

describe('PasswordForm for the fund password', () => {
  it('asks for no old password when setting the first one', () => {
    const { inputs } = renderForm('fund', false);
    expect(inputs).toHaveLength(2);
    expect(screen.queryByText('Current fund password')).toBeNull();
    expect(screen.getByText('Fund password')).toBeTruthy();
    expect(screen.getByText('Confirm fund password')).toBeTruthy();
  });

  it('asks for the current one when changing it', () => {
    const { inputs } = renderForm('fund', true);
    expect(inputs).toHaveLength(3);
    expect(screen.getByText('Current fund password')).toBeTruthy();
    expect(screen.getByText('New fund password')).toBeTruthy();
  });

  it('offers a numeric keypad and keeps only six digits', () => {
    const { inputs, type } = renderForm('fund', false);
    expect(inputs[0]?.getAttribute('inputmode')).toBe('numeric');
    type(0, '12ab34 5678');
    expect(inputs[0]?.value).toBe('123456');
  });

  it('refuses fewer than six digits and two different entries', async () => {
    const { type, submit, onSubmit } = renderForm('fund', false);
    type(0, '12345');
    type(1, '123456');
    await submit();
    expect(screen.getByPlaceholderText('Enter 6 digits')).toBeTruthy();
    expect(await screen.findByText('The fund password is 6 digits')).toBeTruthy();
    expect(await screen.findByText('The two passwords are inconsistent')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the form once it is valid', async () => {
    const { type, submit, onSubmit } = renderForm('fund', true);
    type(0, '111111');
    type(1, '222222');
    type(2, '222222');
    await submit();
    await vi.waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({
        oldpassword: '111111',
        password: '222222',
        repassword: '222222',
      });
    });
  });
});

describe('PasswordForm for the login password', () => {
  it('asks for every field with the messages of SPEC §5', async () => {
    const { submit } = renderForm('login', true);
    await submit();
    expect(await screen.findByText('Please enter the current password')).toBeTruthy();
    expect(screen.getByText('Please enter the new password')).toBeTruthy();
    expect(screen.getByText('Please enter the password again')).toBeTruthy();
  });

  it('holds a new password to the server’s rule', async () => {
    const rule = '8–64 characters, with at least one letter and one digit';
    const { type, submit, onSubmit } = renderForm('login', true);
    type(0, 'old-password1');
    type(1, 'lettersonly');
    type(2, 'lettersonly');
    await submit();
    // The rule is shown as a hint and, once broken, again as the error.
    await vi.waitFor(() => {
      expect(screen.getAllByText(rule)).toHaveLength(2);
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
