import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { TAB_PATHS } from '@/lib/nav';
import { AppTabBar } from './AppTabBar';

// The tab pages a pointerdown started loading, in order (each page module records its own load).
const pagesLoaded: string[] = vi.hoisted(() => []);
vi.mock('@/pages/tabbar/MarketsPage', () => {
  pagesLoaded.push('markets');
  return { default: () => null };
});
vi.mock('@/pages/tabbar/MinePage', () => {
  pagesLoaded.push('mine');
  return { default: () => null };
});

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

it('starts loading a tab page when a finger comes down on its tab, before the tap ends', async () => {
  renderTabBar();
  expect(pagesLoaded).toEqual([]);
  fireEvent.pointerDown(screen.getByText('Markets'));
  await expect.poll(() => pagesLoaded).toEqual(['markets']);
  // Home is always loaded; nothing more starts for it.
  fireEvent.pointerDown(screen.getByText('Home'));
  fireEvent.pointerDown(screen.getByText('Mine'));
  await expect.poll(() => pagesLoaded).toEqual(['markets', 'mine']);
});
