import { TabBar } from 'antd-mobile';
import {
  AppOutline,
  ClockCircleOutline,
  HistogramOutline,
  MessageOutline,
  PayCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '@/hooks/useAppNavigate';
import { TAB_PATHS } from '@/lib/nav';
import type { TabKey } from '@/lib/nav';
import styles from './AppTabBar.module.css';
import { preloadTab } from './tabPages';

/** SPEC §2: the six tabs, in this order. */
export const TABS: readonly { key: TabKey; icon: ReactNode }[] = [
  { key: 'home', icon: <AppOutline /> },
  { key: 'markets', icon: <HistogramOutline /> },
  { key: 'trade', icon: <ClockCircleOutline /> },
  { key: 'customer', icon: <MessageOutline /> },
  { key: 'asset', icon: <PayCircleOutline /> },
  { key: 'mine', icon: <UserOutline /> },
];

const isTabKey = (key: string): key is TabKey => key in TAB_PATHS;

export function AppTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <nav
      className={styles.tabBar}
      aria-label={t('tabs.label')}
      // A finger on a tab starts its page loading before the tap ends (tabPages.ts). The item is
      // antd-mobile's; its place among the bar's items is its place in TABS.
      onPointerDown={(event) => {
        const item = (event.target as Element).closest('.adm-tab-bar-item');
        const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : -1;
        const tab = TABS[index];
        if (tab) preloadTab(tab.key);
      }}
    >
      <TabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          if (isTabKey(key)) navigate(TAB_PATHS[key], 'switchTab');
        }}
      >
        {TABS.map(({ key, icon }) => (
          <TabBar.Item key={key} icon={icon} title={t(`tabs.${key}`)} />
        ))}
      </TabBar>
    </nav>
  );
}
