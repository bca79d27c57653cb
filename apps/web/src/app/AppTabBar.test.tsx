import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { TAB_PATHS } from '@/lib/nav';
import { AppTabBar } from './AppTabBar';

function renderTabBar() {
  const router = createMemoryRouter([{ path: '*', element: <AppTabBar active="home" /> }], {
    initialEntries: ['/app/pages/user/setting/index', TAB_PATHS.home],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

it('shows the six tabs of SPEC §2 in order, Home selected', () => {
  renderTabBar();
  const items = document.querySelectorAll('.adm-tab-bar-item');
  expect([...items].map((item) => item.textContent)).toEqual([
    'Home',
    'Markets',
    'Trade',
    'Service',
    'Assets',
    'Mine',
  ]);
  expect(document.querySelector('.adm-tab-bar-item-active')?.textContent).toBe('Home');
});

it('switches tabs by replacing the current entry, never stacking history', () => {
  const router = renderTabBar();
  fireEvent.click(screen.getByText('Markets'));
  expect(router.state.location.pathname).toBe(TAB_PATHS.markets);
  expect(router.state.historyAction).toBe('REPLACE');
  // Back from the tab leaves the tab pages, to the page before them.
  void router.navigate(-1);
  return expect.poll(() => router.state.location.pathname).toBe('/app/pages/user/setting/index');
});
