import { DotLoading, NoticeBar, Tag } from 'antd-mobile';
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
import { useAppNavigate, useOpenDialog } from '@/hooks/useAppNavigate';
import styles from './HomePage.module.css';

/**
 * The market summary brings the socket client, the query observer and the market schemas: it
 * loads in its own chunk right after Home, so the first paint does not wait for them.
 */
const HomePageMarkets = lazy(() => import('./HomePageMarkets'));

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openDialog = useOpenDialog();
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
      <NoticeBar
        className={styles.notice}
        content={t('home.noNotices')}
        color="info"
        onClick={() => {
          openDialog(PATHS.noticeDialog);
        }}
      />
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
