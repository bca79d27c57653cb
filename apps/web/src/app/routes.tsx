import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { PageKey } from '@/config/paths';
import { afterFirstScreen } from '@/lib/firstScreen';
import { lazyLoaded } from '@/lib/lazyLoaded';
import HomePage from '@/pages/tabbar/HomePage';
import { tabLoaders } from './tabPages';

/**
 * The page of each path of SPEC §2 (paths in config/paths.ts). Home, where the app opens, ships
 * in the main bundle; every other page is its own chunk, loaded on first visit. The other tab
 * pages are fetched ahead of their first visit (tabPages.ts).
 */
export interface PageRoute {
  page: Exclude<PageKey, 'index'>;
  Component: ComponentType;
  /** What the title bar carries on its right (Home's bell), loaded on its own after the page. */
  NavRight?: ComponentType;
}

let loginPage: ComponentType | undefined;
/** Log in: where a visitor without a session lands (launch.ts preloads it at start). */
export const loadLoginPage = () =>
  import('@/pages/user/LoginPage').then((m) => {
    loginPage = m.default;
    return m;
  });

export const HOME_ROUTE: PageRoute = {
  page: 'home',
  Component: HomePage,
  // Not what Home's first screen draws: the bell's chunks (the socket's provider, the
  // notifications' queries) load once that screen is done (issue #20, LCP).
  NavRight: lazy(() =>
    new Promise<void>((resolve) => {
      afterFirstScreen(resolve);
    }).then(() => import('@/pages/tabbar/HomeBell')),
  ),
};

export const PAGE_ROUTES: readonly PageRoute[] = [
  HOME_ROUTE,
  { page: 'markets', Component: lazy(tabLoaders.markets) },
  { page: 'trade', Component: lazy(tabLoaders.trade) },
  { page: 'customer', Component: lazy(tabLoaders.customer) },
  { page: 'asset', Component: lazy(tabLoaders.asset) },
  { page: 'mine', Component: lazy(tabLoaders.mine) },
  { page: 'onlineService', Component: lazy(() => import('@/pages/index/OnlineServicePage')) },
  { page: 'productDetail', Component: lazy(() => import('@/pages/product/ProductDetailPage')) },
  { page: 'setting', Component: lazy(() => import('@/pages/user/setting/SettingPage')) },
  { page: 'realname', Component: lazy(() => import('@/pages/user/setting/RealnamePage')) },
  { page: 'password', Component: lazy(() => import('@/pages/user/setting/PasswordPage')) },
  {
    page: 'fundPassword',
    Component: lazy(() => import('@/pages/user/setting/FundPasswordPage')),
  },
  { page: 'theme', Component: lazy(() => import('@/pages/user/setting/ThemePage')) },
  { page: 'bindCards', Component: lazy(() => import('@/pages/user/setting/BindCardsPage')) },
  {
    page: 'tradeLimits',
    Component: lazy(() => import('@/pages/user/setting/TradeLimitsPage')),
  },
  { page: 'findPassword', Component: lazy(() => import('@/pages/user/FindPasswordPage')) },
  { page: 'register', Component: lazy(() => import('@/pages/user/RegisterPage')) },
  // Drawn at once when launch has already loaded it (lib/lazyLoaded.ts).
  { page: 'login', Component: lazyLoaded(loadLoginPage, () => loginPage) },
  { page: 'share', Component: lazy(() => import('@/pages/user/SharePage')) },
  { page: 'orders', Component: lazy(() => import('@/pages/user/order/OrderRecordsPage')) },
  { page: 'recharge', Component: lazy(() => import('@/pages/user/recharge/RechargePage')) },
  {
    page: 'rechargeList',
    Component: lazy(() => import('@/pages/user/recharge/RechargeListPage')),
  },
  {
    page: 'rechargeDetail',
    Component: lazy(() => import('@/pages/user/recharge/RechargeDetailPage')),
  },
  {
    page: 'depositDetail',
    Component: lazy(() => import('@/pages/user/recharge/DepositDetailPage')),
  },
  { page: 'withdraw', Component: lazy(() => import('@/pages/user/withdraw/WithdrawPage')) },
  {
    page: 'withdrawList',
    Component: lazy(() => import('@/pages/user/withdraw/WithdrawListPage')),
  },
  {
    page: 'withdrawDetail',
    Component: lazy(() => import('@/pages/user/withdraw/WithdrawDetailPage')),
  },
  { page: 'exchange', Component: lazy(() => import('@/pages/user/exchange/ExchangePage')) },
  {
    page: 'exchangeList',
    Component: lazy(() => import('@/pages/user/exchange/ExchangeListPage')),
  },
  {
    page: 'exchangeDetail',
    Component: lazy(() => import('@/pages/user/exchange/ExchangeDetailPage')),
  },
  { page: 'earn', Component: lazy(() => import('@/pages/user/earn/EarnPage')) },
  { page: 'earnList', Component: lazy(() => import('@/pages/user/earn/EarnListPage')) },
  { page: 'earnDetail', Component: lazy(() => import('@/pages/user/earn/EarnDetailPage')) },
  { page: 'earnOrder', Component: lazy(() => import('@/pages/user/earn/EarnOrderPage')) },
  { page: 'mark', Component: lazy(() => import('@/pages/user/mark/MarkPage')) },
  { page: 'inbox', Component: lazy(() => import('@/pages/user/inbox/InboxPage')) },
  {
    page: 'dedicatedService',
    Component: lazy(() => import('@/pages/user/DedicatedServicePage')),
  },
  { page: 'agreement', Component: lazy(() => import('@/pages/user/AgreementPage')) },
  { page: 'noticeView', Component: lazy(() => import('@/pages/common/NoticeViewPage')) },
  { page: 'webview', Component: lazy(() => import('@/pages/webview/WebviewPage')) },
  { page: 'limit', Component: lazy(() => import('@/pages/common/LimitPage')) },
];

/** Dialog pages (SPEC §2) render over the page they were opened from. */
export const DIALOG_ROUTES: readonly PageRoute[] = [
  { page: 'languageDialog', Component: lazy(() => import('@/pages/index/LanguageDialog')) },
  { page: 'noticeDialog', Component: lazy(() => import('@/pages/index/NoticeDialog')) },
  {
    page: 'productListDialog',
    Component: lazy(() => import('@/pages/product/ProductListDialog')),
  },
  { page: 'orderDialog', Component: lazy(() => import('@/pages/trade/OrderDialog')) },
  {
    page: 'colorPickerDialog',
    Component: lazy(() => import('@/pages/user/setting/ColorPickerDialog')),
  },
];

export const NotFoundPage = lazy(() => import('@/pages/common/NotFoundPage'));
