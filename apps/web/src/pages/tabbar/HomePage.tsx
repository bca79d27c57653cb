import { NoticeBar, Tag } from 'antd-mobile';
import {
  CollectMoneyOutline,
  GiftOutline,
  LoopOutline,
  MessageOutline,
  ReceivePaymentOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@/app/config';
import { EmptyState } from '@/components/EmptyState';
import { EntryGrid } from '@/components/EntryGrid';
import { Section } from '@/components/Section';
import { PATHS } from '@/config/paths';
import { useAppNavigate, useOpenDialog } from '@/hooks/useAppNavigate';
import styles from './HomePage.module.css';

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
        <EmptyState message={t('markets.empty')} />
      </Section>
    </>
  );
}
