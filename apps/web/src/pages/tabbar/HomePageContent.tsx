import type { Banner } from '@ampere/contract';
import { Badge, NoticeBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryFallback } from '@/components/QueryState';
import { EmptyState } from '@/components/EmptyState';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { api } from '@/core/api';
import { useSession } from '@/core/session';
import { levelOf } from '@/features/account/levels';
import { BalanceSummary } from '@/features/account/components/BalanceSummary';
import { useHome } from '@/features/account/hooks/useAccount';
import { BannerSwiper } from '@/features/content/components/BannerSwiper';
import { NoticeList } from '@/features/content/components/NoticeList';
import { noticeBarText } from '@/features/content/noticeBar';
import { useHomeContent, useUserNotices } from '@/features/content/hooks/useContent';
import { useAppNavigate, useOpenDialog } from '@/hooks/useAppNavigate';
import { currentLocale } from '@/i18n';
import { useFirstScreenHold } from '@/hooks/useFirstScreenHold';
import styles from './HomePage.module.css';

/**
 * Home's content (issue #17), in its own chunk so the first download does not grow: the latest
 * announcement on the notice bar, the banners (`common/index`), the user's level and balances
 * (`user/home`). The announcements section is `HomeNotices` below.
 */
export function HomeTop() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openDialog = useOpenDialog();
  const { user } = useSession();
  const locale = currentLocale();
  const index = useHomeContent(api, locale);
  const unread = useUserNotices(api, user?.username ?? '', locale).data?.unread ?? 0;
  const home = useHome(api, user?.username ?? '');
  // The first screen waits for this part's data (lib/firstScreen.ts).
  useFirstScreenHold(index.isLoading || home.isLoading);
  const open = (banner: Banner) => {
    if (banner.link) navigate(banner.link.target, banner.link.mode);
  };
  return (
    <>
      <NoticeBar
        className={styles.notice}
        content={noticeBarText(index.data?.notices, t('home.noNotices'))}
        color="info"
        extra={unread > 0 ? <Badge content={unread} /> : undefined}
        onClick={() => {
          openDialog(PATHS.noticeDialog);
        }}
      />
      <BannerSwiper banners={index.data?.banners ?? []} onOpen={open} />
      {user && (
        <div className={styles.account}>
          <span className={styles.greeting}>{user.username}</span>
          <Tag color="primary" fill="outline">
            {t(`account.levels.${levelOf(home.data?.user.level ?? user.level)}`)}
          </Tag>
        </div>
      )}
      <BalanceSummary
        balances={home.data?.balances}
        onOpen={() => {
          navigate(PATHS.asset);
        }}
      />
    </>
  );
}

/** The latest announcements (pinned first); "More" opens the notice dialog's full list. */
export function HomeNotices() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openDialog = useOpenDialog();
  const index = useHomeContent(api, currentLocale());
  useFirstScreenHold(index.isLoading);
  return (
    <Section
      title={t('content.latest')}
      extra={
        <Link
          to={PATHS.noticeDialog}
          onClick={(e) => {
            e.preventDefault();
            openDialog(PATHS.noticeDialog);
          }}
        >
          {t('common.more')}
        </Link>
      }
    >
      <div className={styles.noticesBody}>
        {index.data === undefined ? (
          <QueryFallback query={index} compact />
        ) : index.data.notices.length === 0 ? (
          <EmptyState message={t('notice.none')} />
        ) : (
          <NoticeList
            items={index.data.notices}
            onOpen={(id) => {
              navigate(`${PATHS.noticeView}?id=${encodeURIComponent(id)}`);
            }}
          />
        )}
      </div>
    </Section>
  );
}
