import { ERRORS } from '@ampere/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/core/queryClient';
import { sessionStore } from '@/core/session';
import { initI18n } from '@/i18n';
import { fail, fakeStaffApi, ok } from '@/test/fakeServer';
import { staffSession } from '@/test/fixtures';
import { App } from './App';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const challenge = (id: string, enrolment: boolean) => ({
  challenge: id,
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  enrolment: enrolment
    ? { secret: SECRET, otpauthUri: `otpauth://totp/Ampere:ann?secret=${SECRET}&issuer=Ampere` }
    : null,
});

let server: ReturnType<typeof fakeStaffApi>;

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const click = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  server = fakeStaffApi();
  server.install();
  sessionStore.set({ status: 'loading' });
  window.location.hash = '#/';
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('goes password → enrolment and code → forced password change → the dashboard', async () => {
    server.on('GET auth/session', fail(401, 'Please sign in', 401));
    server.on('POST auth/password', ok(challenge('ch-1', true)), ok(challenge('ch-2', false)));
    server.on(
      'POST auth/code',
      fail(ERRORS.TOTP_CODE_INVALID.code, 'The code is wrong or was already used'),
      fail(ERRORS.SIGN_IN_EXPIRED.code, 'This sign-in has expired: enter your password again'),
      ok(staffSession({ mustChangePassword: true, csrfToken: 'csrf-1' })),
    );
    server.on('POST auth/password-change', ok(staffSession({ csrfToken: 'csrf-2' })));
    render(<App />);

    // Launch: nobody is signed in, so the password step — and no word about a lost session.
    expect(await screen.findByRole('heading', { name: 'Ampere Admin' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    type('Username', 'ann');
    type('Password', 'one-time-1');
    click('Continue');

    // First sign-in: the secret to enrol, as a QR code and as text in groups of four.
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP');
    expect(server.last('POST auth/password')?.body).toEqual({
      username: 'ann',
      password: 'one-time-1',
    });

    // A wrong code (7001): still on the code step, with the server's words.
    type('Authenticator code', '123456');
    click('Sign in');
    expect(await screen.findByText(/wrong or was already used/)).toBeTruthy();
    expect(screen.getByLabelText('Authenticator code')).toBeTruthy();
    expect(server.last('POST auth/code')?.body).toEqual({ challenge: 'ch-1', code: '123456' });

    // The challenge expired (7002): back to the password step, saying why.
    type('Authenticator code', '234567');
    click('Sign in');
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.getByText(/has expired/)).toBeTruthy();

    // Again; enrolled now, so just the code.
    type('Username', 'ann');
    type('Password', 'one-time-1');
    click('Continue');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    type('Authenticator code', '345678');
    click('Sign in');

    // Signed in with a one-time password: only the password change, no menu.
    expect(await screen.findByText('Choose your password')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    type('One-time password', 'one-time-1');
    type('New password', 'chosen-pass-9');
    type('New password again', 'chosen-pass-9');
    click('Change password');

    // Then the back office itself, with the owner's pages in the menu.
    expect(await screen.findByText('Welcome, ann')).toBeTruthy();
    const change = server.last('POST auth/password-change');
    expect(change?.body).toEqual({
      current: 'one-time-1',
      password: 'chosen-pass-9',
      repassword: 'chosen-pass-9',
    });
    expect(change?.headers.get('x-csrf-token')).toBe('csrf-1');
    const menu = screen.getAllByRole('menu')[0]!;
    expect(within(menu).getByText('Staff')).toBeTruthy();
    expect(within(menu).getByText('Audit log')).toBeTruthy();
  });

  it('keeps a throttled member on the password step with how long to wait (2003)', async () => {
    server.on('GET auth/session', fail(401, '', 401));
    server.on(
      'POST auth/password',
      fail(ERRORS.TOO_MANY_ATTEMPTS.code, 'Too many attempts: try again in 15 minutes', 429),
    );
    render(<App />);
    await screen.findByLabelText('Username');
    type('Username', 'ann');
    type('Password', 'nope');
    click('Continue');
    expect((await screen.findByRole('alert')).textContent).toContain('15 minutes');
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });
});

describe('a signed-in member', () => {
  it('sees only the pages their role opens, and a 404 for the others', async () => {
    server.on('GET auth/session', ok(staffSession({ role: 'support' })));
    window.location.hash = '#/staff';
    render(<App />);
    expect(await screen.findByText('Page not found')).toBeTruthy();
    const menu = screen.getAllByRole('menu')[0]!;
    expect(within(menu).getByText('Dashboard')).toBeTruthy();
    expect(within(menu).queryByText('Staff')).toBeNull();
    expect(within(menu).queryByText('Audit log')).toBeNull();
  });

  it('returns to sign-in with the server’s words when a call answers 401', async () => {
    server.on('GET auth/session', ok(staffSession()));
    server.on('GET staff', fail(401, 'Your session has expired', 401));
    window.location.hash = '#/staff';
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your session has expired');
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });
});
