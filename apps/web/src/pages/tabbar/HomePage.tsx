import { Tag } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GiftOutline,
  LoopOutline,
  MessageOutline,
  ReceivePaymentOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@/core/config';
import { useSession } from '@/core/session';
import { EntryGrid } from '@/components/EntryGrid';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { useFirstScreenHold } from '@/hooks/useFirstScreenHold';
import { afterFirstScreen } from '@/lib/firstScreen';
import { lazyLoaded } from '@/lib/lazyLoaded';
import { HOME_MARKETS_COUNT } from './homeMarkets';
import {
  loadHomeContent,
  loadHomeMarkets,
  loadedHomeContent,
  loadedHomeMarkets,
} from './homeParts';
import styles from './HomePage.module.css';

/**
 * The market summary brings the socket client, the market stream and the products: it is below
 * the fold (after the entries and the announcements), so it loads once the first screen is done
 * (issue #20: on a slow link its ≈ 10 KB and its read shared the link with the screen's own
 * parts) in a chunk of its own (`home-markets`, vite.config.ts); a part already in is drawn
 * without a Suspense round (lib/lazyLoaded.ts).
 */
const HomePageMarkets = lazyLoaded(loadHomeMarkets, () => loadedHomeMarkets()?.default);
/** Banners, announcements, level and balances (issue #17): their own chunk too. */
const HomeTop = lazyLoaded<object>(
  () => loadHomeContent().then((m) => ({ default: m.HomeTop })),
  () => loadedHomeContent()?.HomeTop,
);
const HomeNotices = lazyLoaded<object>(
  () => loadHomeContent().then((m) => ({ default: m.HomeNotices })),
  () => loadedHomeContent()?.HomeNotices,
);

/**
 * Whether the market summary may show: at once if it has before, else once the first screen is
 * done, with its chunk and its products in (issue #20, TBT): the section then mounts with its
 * rows' data, in a transition React renders in slices, instead of the rows mounting in one
 * synchronous render when the products arrive (a read's result renders at once). Until then, and
 * if either fails (the section then shows the failure and reads again), the rows' placeholder.
 */
function useMarketsShown(): boolean {
  const client = useQueryClient();
  const [shown, setShown] = useState(() => loadedHomeMarkets() !== undefined);
  useEffect(() => {
    if (shown) return;
    let stopped = false;
    const stopWaiting = afterFirstScreen(() => {
      loadHomeMarkets()
        .then((m) => m.prefetchMarketSummary(client))
        .catch(() => undefined)
        .finally(() => {
          if (!stopped)
            startTransition(() => {
              setShown(true);
            });
        });
    });
    return () => {
      stopped = true;
      stopWaiting();
    };
  }, [shown, client]);
  return shown;
}

/**
 * HomeTop's place while its chunk loads (issue #20): the notice bar, the banners' frame, the
 * account row and the balances, each the size of what replaces it, so nothing below moves when it
 * comes. Drawn with this page's own styles only: the visitor's first download carries this page,
 * and the parts' own modules would each add a request to it.
 */
function TopPlaceholder() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The first screen is done once each part has its data (or failed): its placeholder holds it
  // while the part's chunk loads, the part itself until its reads are in (HomePageContent.tsx),
  // so nothing here renders again when a part settles (lib/firstScreen.ts).
  useFirstScreenHold();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <div className={styles.noticePlaceholder} />
      <div className={styles.bannerPlaceholder} />
      {user && (
        <div className={styles.account}>
          <span className={styles.greeting}>{user.username}</span>
          <Tag color="primary" fill="outline">
            {/* levelOf's reading (an unknown level is the entry one), without its module. */}
            {t(`account.levels.${user.level ?? 'ordinary'}`, {
              defaultValue: t('account.levels.ordinary'),
            })}
          </Tag>
        </div>
      )}
      <div className={styles.balances}>
        <div className={styles.balancesHeader}>
          <h2 className={styles.balancesTitle}>{t('account.balances')}</h2>
        </div>
        <div className={styles.balancesRows}>
          {[0, 1].map((i) => (
            <div key={i} className={styles.balancesColumn}>
              <div className={styles.balancesName}>
                <span className={`${styles.bar} ${styles.barShort}`}>{'\u00a0'}</span>
              </div>
              <div className={styles.balancesTotal}>
                <span className={`${styles.bar} ${styles.barLong}`}>{'\u00a0'}</span>
              </div>
              <div className={styles.balancesAvailable}>
                <span className={`${styles.bar} ${styles.barLong}`}>{'\u00a0'}</span>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The announcements section's place while its chunk loads: a title line and the list's room. */
function NoticesPlaceholder() {
  const { t } = useTranslation();
  useFirstScreenHold();
  return (
    <Section title={'\u00a0'}>
      <div className={styles.noticesBody} role="status" aria-label={t('common.loading')} />
    </Section>
  );
}

/**
 * The market rows' place (ProductRow's size: name and symbol lines, 12 px above and below) while
 * their chunk or the products load; HomePageMarkets is given it for its own loading state.
 */
function MarketRowsPlaceholder() {
  const { t } = useTranslation();
  return (
    <ul
      className={styles.rows}
      role="status"
      aria-label={t('common.loading')}
      data-testid="market-rows-placeholder"
    >
      {Array.from({ length: HOME_MARKETS_COUNT }, (_, i) => (
        <li key={i} className={styles.row} aria-hidden>
          <span className={styles.rowNames}>
            <span className={styles.rowName}>
              <span className={`${styles.bar} ${styles.barLong}`}>{'\u00a0'}</span>
            </span>
            <span className={styles.rowSymbol}>
              <span className={`${styles.bar} ${styles.barShort}`}>{'\u00a0'}</span>
            </span>
          </span>
          <span className={styles.rowEnd}>
            <span className={`${styles.bar} ${styles.barLong}`}>{'\u00a0'}</span>
            <span className={`${styles.bar} ${styles.rowBadge}`}>{'\u00a0'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const marketsShown = useMarketsShown();
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
      <Suspense fallback={<TopPlaceholder />}>
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
      <Suspense fallback={<NoticesPlaceholder />}>
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
        {marketsShown ? (
          <Suspense fallback={<MarketRowsPlaceholder />}>
            <HomePageMarkets placeholder={<MarketRowsPlaceholder />} />
          </Suspense>
        ) : (
          <MarketRowsPlaceholder />
        )}
      </Section>
    </>
  );
}
