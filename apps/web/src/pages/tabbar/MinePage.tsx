import { Badge, List } from 'antd-mobile';
import {
  BankcardOutline,
  BellOutline,
  BillOutline,
  CollectMoneyOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  LoopOutline,
  MessageOutline,
  ReceivePaymentOutline,
  SetOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { Home } from '@ampere/contract';
import { Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/core/api';
import { toSessionUser, updateSessionUser, useSession } from '@/core/session';
import type { SessionUser } from '@/core/session';
import { RetryState } from '@/components/RetryState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import type { PageKey } from '@/config/paths';
import { InstallAppItem } from '@/features/preferences/components/InstallAppItem';
import { BalanceSummary } from '@/features/account/components/BalanceSummary';
import { ProfileCard } from '@/features/account/components/ProfileCard';
import { useHome } from '@/features/account/hooks/useAccount';
import { useUnreadCount } from '@/features/notifications/hooks/useNotifications';
import { badgeText } from '@/features/notifications/subject';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { errorText } from '@/i18n/errorText';

/** Its own chunk with its own messages: the tab's first paint does not wait for it. */
const MineLevel = lazy(() => import('@/features/levels/components/MineLevel'));

type MenuPage = Exclude<PageKey, 'index'>;

interface MenuItem {
  page: MenuPage;
  icon: ReactNode;
}

/** Every page of the user area, grouped the way people look for them. */
const MENU: readonly { group: 'funds' | 'trading' | 'account'; items: readonly MenuItem[] }[] = [
  {
    group: 'funds',
    items: [
      { page: 'recharge', icon: <ReceivePaymentOutline /> },
      { page: 'rechargeList', icon: <BillOutline /> },
      { page: 'withdraw', icon: <CollectMoneyOutline /> },
      { page: 'withdrawList', icon: <BillOutline /> },
      { page: 'exchange', icon: <LoopOutline /> },
      { page: 'exchangeList', icon: <BillOutline /> },
      { page: 'mark', icon: <ContentOutline /> },
    ],
  },
  {
    group: 'trading',
    items: [
      { page: 'orders', icon: <HistogramOutline /> },
      { page: 'earn', icon: <GiftOutline /> },
      { page: 'earnList', icon: <UnorderedListOutline /> },
      { page: 'earnOrder', icon: <FileOutline /> },
    ],
  },
  {
    group: 'account',
    items: [
      { page: 'inbox', icon: <BellOutline /> },
      { page: 'realname', icon: <UserContactOutline /> },
      { page: 'bindCards', icon: <BankcardOutline /> },
      { page: 'share', icon: <UserAddOutline /> },
      { page: 'dedicatedService', icon: <MessageOutline /> },
      { page: 'agreement', icon: <FileOutline /> },
      { page: 'setting', icon: <SetOutline /> },
    ],
  },
];

const sameUser = (a: SessionUser, b: SessionUser): boolean =>
  a.username === b.username &&
  a.uid === b.uid &&
  a.status === b.status &&
  a.level === b.level &&
  a.fundPassword === b.fundPassword;

/**
 * The stored session user was copied at login; user/home is fresher (a new level, a fund password
 * set on another device, a disabled account). Adopting it keeps the rest of the app, including
 * the disabled-account redirect, in step.
 */
function useSessionRefresh(session: SessionUser | undefined, home: Home | undefined): void {
  useEffect(() => {
    const fresh = toSessionUser(home?.user);
    if (session === undefined || fresh?.username !== session.username) return;
    if (!sameUser(fresh, session)) updateSessionUser(fresh);
  }, [session, home]);
}

export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { user } = useSession();
  const home = useHome(api, user?.username ?? '');
  const unread = badgeText(useUnreadCount(api, user?.username ?? '').data ?? 0);
  useSessionRefresh(user, home.data);
  return (
    <>
      {/* The access guard keeps visitors out, so a user is always there. */}
      {user && (
        <ProfileCard
          username={user.username}
          uid={home.data?.user.uid ?? user.uid}
          level={home.data?.user.level ?? user.level}
          stats={home.data}
        />
      )}
      {home.isError && (
        <Section>
          <RetryState
            message={errorText(home.error, t, { fallback: 'loading_failed' })}
            onRetry={() => {
              void home.refetch();
            }}
          />
        </Section>
      )}
      {user && (
        <Suspense fallback={null}>
          <MineLevel api={api} username={user.username} />
        </Suspense>
      )}
      <BalanceSummary
        balances={home.data?.balances}
        onOpen={() => {
          navigate(PATHS.asset);
        }}
      />
      {MENU.map(({ group, items }) => (
        <List key={group} header={t(`mine.groups.${group}`)} mode="card">
          {items.map(({ page, icon }) => (
            <List.Item
              key={page}
              prefix={icon}
              extra={page === 'inbox' && unread !== null ? <Badge content={unread} /> : undefined}
              onClick={() => {
                navigate(PATHS[page]);
              }}
            >
              {t(`pages.${page}.title`)}
            </List.Item>
          ))}
          {group === 'account' && <InstallAppItem />}
        </List>
      ))}
    </>
  );
}
