import { DotLoading, Tag } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GiftOutline,
  LoopOutline,
  MessageOutline,
  ReceivePaymentOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@/core/config';
import { EntryGrid } from '@/components/EntryGrid';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import styles from './HomePage.module.css';

/**
 * The market summary brings the socket client, the query observer and the market schemas: it
 * loads in its own chunk right after Home, so the first paint does not wait for them.
 */
const HomePageMarkets = lazy(() => import('./HomePageMarkets'));
/** Banners, announcements, level and balances (issue #17): their own chunk too. */
const HomeTop = lazy(() => import('./HomePageContent').then((m) => ({ default: m.HomeTop })));
const HomeNotices = lazy(() =>
  import('./HomePageContent').then((m) => ({ default: m.HomeNotices })),
);

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { feedSimulated } = useConfig();
  const entries = [
    { key: 'recharge', icon: <ReceivePaymentOutline />, path: PATHS.recharge },
    { key: 'withdraw', icon: <CollectMoneyOutline />, path: PATHS.withdraw },
    { key: 'exchange', icon: <LoopOutline />, path: PATHS.exchange },
    { key: 'earn', icon: <GiftOutline />, path: PATHS.earn },
    { key: 'share', icon: <UserAddOutline />, path: PATHS.share },
    { key: 'service', icon: <MessageOutline />, path: PATHS.dedicatedService },
  ] as const;

  return (
    <>
      <Suspense fallback={<div className={styles.topLoading} />}>
        <HomeTop />
      </Suspense>
      <Section>
        <EntryGrid
          entries={entries.map(({ key, icon, path }) => ({
            key,
            icon,
            label: t(`home.entries.${key}`),
            onOpen: () => {
              navigate(path);
            },
          }))}
        />
      </Section>
      <Suspense fallback={null}>
        <HomeNotices />
      </Suspense>
      <Section
        title={t('home.markets')}
        extra={
          <span>
            {feedSimulated && (
              <Tag color="warning" fill="outline">
                {t('markets.simulated')}
              </Tag>
            )}{' '}
            <Link to={PATHS.markets} replace>
              {t('common.more')}
            </Link>
          </span>
        }
      >
        <Suspense
          fallback={
            <div className={styles.marketsLoading}>
              <DotLoading color="primary" />
            </div>
          }
        >
          <HomePageMarkets />
        </Suspense>
      </Section>
    </>
  );
}
