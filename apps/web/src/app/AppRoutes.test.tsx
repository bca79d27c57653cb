import type { BaseConfig } from '@ampere/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { OPEN_PATHS } from '@/lib/nav';
import { AppRoutes } from './AppRoutes';
import { ConfigContext } from '@/core/config';
import { clearSession, setSession } from '@/core/session';

const config: BaseConfig = {
  appName: 'Ampere Test',
  version: '1.0.1',
  versionCode: 101,
  wss: 'ws://127.0.0.1/ws',
  language: 'en-US',
  Black_run: 'https://example.com/',
  rechargeOpen: true,
  withdrawOpen: true,
  currencies: [
    { key: 'money', name: 'CNY' },
    { key: 'usdt', name: 'USDT' },
  ],
  serverTime: 0,
  feedSimulated: false,
  chainPublicKey: 'MCowBQYDK2VwAyEA',
};

/** The app's routes in a memory router, as the real app mounts them under its config gate. */
function renderAt(path: string, before: string[] = []) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], {
    initialEntries: [...before, path],
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ConfigContext value={config}>
        <RouterProvider router={router} />
      </ConfigContext>
    </QueryClientProvider>,
  );
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  clearSession();
});

describe('back arrow', () => {
  const back = () => document.querySelector('.adm-nav-bar-back');

  it('is not on the login page when the app opened on it', async () => {
    renderAt('/app/pages/user/login');
    await heading('Log in');
    expect(back()).toBeNull();
  });

  it('is on the login page reached from another page', async () => {
    renderAt('/app/pages/user/login', ['/app/pages/user/agreement']);
    await heading('Log in');
    expect(back()).not.toBeNull();
  });
});

describe('access guard', () => {
  it('sends a visitor on a guarded page to login with the page and its query as r=', async () => {
    const router = renderAt('/app/pages/user/recharge/index?type=usdt&x=1');
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/app/pages/user/login');
    expect(router.state.location.search).toBe(
      `?r=${encodeURIComponent('/app/pages/user/recharge/index?type=usdt&x=1')}`,
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/', '/app/pages/tabbar/mine/index', '/app/pages/index/languageDialog'])(
    'guards %s too',
    async (path) => {
      const router = renderAt(path);
      await heading('Log in');
      expect(router.state.location.search).toBe(`?r=${encodeURIComponent(path)}`);
    },
  );

  it.each(OPEN_PATHS)('lets a visitor open %s', async (path) => {
    const router = renderAt(path);
    // Every page renders its title bar once its chunk has loaded.
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows a signed-in user the guarded page itself', async () => {
    setSession('token', { username: 'alice' });
    const router = renderAt('/app/pages/user/setting/index');
    await heading('Setting');
    expect(router.state.location.pathname).toBe('/app/pages/user/setting/index');
  });

  it('sends a signed-in user who opens login on to the return address', async () => {
    setSession('token', { username: 'alice' });
    const router = renderAt(
      `/app/pages/user/login?r=${encodeURIComponent('/app/pages/user/share')}`,
    );
    await heading('Invite friends');
    expect(router.state.location.pathname).toBe('/app/pages/user/share');
  });

  it('does not count a token without a user as a session', async () => {
    setSession('token', { username: 'alice' });
    localStorage.removeItem('ampere.user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ampere.user' }));
    const router = renderAt('/app/pages/user/share');
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/app/pages/user/login');
  });
});

describe('routes', () => {
  it('answers an unknown path with the not-found page, a visitor too', async () => {
    const router = renderAt('/app/pages/nowhere');
    await heading('Page not found');
    await screen.findByRole('button', { name: 'Back to Home' });
    expect(router.state.location.pathname).toBe('/app/pages/nowhere');
  });

  it('treats the entry route as Home, titled with the app name', async () => {
    setSession('token', { username: 'alice' });
    renderAt('/');
    await heading('Ampere Test');
  });

  it('draws a dialog page opened directly over Home', async () => {
    setSession('token', { username: 'alice' });
    renderAt('/app/pages/index/languageDialog');
    await screen.findByRole('dialog', { name: 'Language' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ampere Test' })).toBeTruthy();
  });

  it('draws a dialog page over the page it was opened from', async () => {
    setSession('token', { username: 'alice' });
    const router = renderAt('/app/pages/user/setting/index');
    await heading('Setting');
    await router.navigate('/app/pages/index/languageDialog', {
      state: { background: router.state.location },
    });
    await screen.findByRole('dialog', { name: 'Language' });
    expect(screen.getByRole('heading', { level: 1, name: 'Setting' })).toBeTruthy();
  });

  it('opens the target of a #/redirect launch link', async () => {
    setSession('token', { username: 'alice' });
    const target = '/app/pages/user/share';
    const router = renderAt(`/redirect?url=${encodeURIComponent(target)}`);
    await heading('Invite friends');
    expect(router.state.location.pathname).toBe(target);
  });
});
