import type { Permission } from '@ampere/contract/admin';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CrownOutlined,
  NotificationOutlined,
  DashboardOutlined,
  IdcardOutlined,
  ExportOutlined,
  StopOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type enUS from '@/i18n/locales/en-US';

/**
 * The back office's pages: ONE table for the side menu and the router. A new page is its file
 * in pages/ and one line here (plus its menu label, `nav.<label>`, in each locale). Every page is
 * its own chunk, loaded when first opened.
 */
export interface AdminRoute {
  /** The hash path, e.g. `/staff` (`#/staff` in the address bar). */
  path: `/${string}`;
  /** Its menu label: `nav.<label>` in the locale files. */
  label: keyof (typeof enUS)['nav'];
  icon: ReactNode;
  /**
   * What the member needs for the page to exist for them (menu and route); null for every
   * signed-in member. The server checks the permission of every call regardless.
   */
  permission: Permission | null;
  page: LazyExoticComponent<ComponentType>;
  /** Reached from the header's account menu rather than the side menu. */
  hideInMenu?: boolean;
}

export const ROUTES: readonly AdminRoute[] = [
  {
    path: '/',
    label: 'dashboard',
    icon: <DashboardOutlined />,
    permission: 'dashboard.read',
    page: lazy(() => import('@/pages/DashboardPage')),
  },
  {
    path: '/users',
    label: 'users',
    icon: <SolutionOutlined />,
    permission: 'users.read',
    page: lazy(() => import('@/pages/UsersPage')),
  },
  {
    path: '/users/:uid',
    label: 'userDetail',
    icon: <SolutionOutlined />,
    permission: 'users.read',
    page: lazy(() => import('@/pages/UserDetailPage')),
    hideInMenu: true,
  },
  {
    path: '/adjustments',
    label: 'adjustments',
    icon: <TransactionOutlined />,
    permission: 'adjustments.read',
    page: lazy(() => import('@/pages/AdjustmentsPage')),
  },
  {
    path: '/kyc',
    label: 'kyc',
    icon: <IdcardOutlined />,
    permission: 'kyc.read',
    page: lazy(() => import('@/pages/KycPage')),
  },
  {
    path: '/recharges',
    label: 'recharges',
    icon: <BankOutlined />,
    permission: 'funding.read',
    page: lazy(() => import('@/pages/RechargesPage')),
  },
  {
    path: '/withdrawals',
    label: 'withdrawals',
    icon: <ExportOutlined />,
    permission: 'funding.read',
    page: lazy(() => import('@/pages/WithdrawalsPage')),
  },
  {
    path: '/exchanges',
    label: 'exchanges',
    icon: <SwapOutlined />,
    permission: 'funding.read',
    page: lazy(() => import('@/pages/ExchangesPage')),
  },
  {
    path: '/staff',
    label: 'staff',
    icon: <TeamOutlined />,
    permission: 'staff.read',
    page: lazy(() => import('@/pages/StaffPage')),
  },
  {
    path: '/audit',
    label: 'audit',
    icon: <AuditOutlined />,
    permission: 'audit.read',
    page: lazy(() => import('@/pages/AuditPage')),
  },
  {
    path: '/funding',
    label: 'funding',
    icon: <WalletOutlined />,
    permission: 'settings.read',
    page: lazy(() => import('@/pages/FundingPage')),
  },
  {
    path: '/products',
    label: 'products',
    icon: <AppstoreOutlined />,
    permission: 'settings.read',
    page: lazy(() => import('@/pages/ProductsPage')),
  },
  {
    path: '/earn',
    label: 'earn',
    icon: <TransactionOutlined />,
    permission: 'earn.read',
    page: lazy(() => import('@/pages/EarnProductsPage')),
  },
  {
    path: '/content',
    label: 'content',
    icon: <NotificationOutlined />,
    permission: 'content.read',
    page: lazy(() => import('@/pages/ContentPage')),
  },

  {
    path: '/access',
    label: 'access',
    icon: <StopOutlined />,
    permission: 'access.read',
    page: lazy(() => import('@/pages/AccessPage')),
  },
  {
    path: '/levels',
    label: 'levels',
    icon: <CrownOutlined />,
    permission: 'settings.read',
    page: lazy(() => import('@/pages/LevelsPage')),
  },
  {
    path: '/account',
    label: 'account',
    icon: <UserOutlined />,
    permission: null,
    page: lazy(() => import('@/pages/AccountPage')),
    hideInMenu: true,
  },
];

export const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
