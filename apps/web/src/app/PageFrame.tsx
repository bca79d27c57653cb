import { DotLoading, NavBar } from 'antd-mobile';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useGoBack, useIsFirstEntry } from '@/hooks/useAppNavigate';
import { useConfig } from '@/core/config';
import styles from './PageFrame.module.css';

interface Props {
  title: string;
  /** Tab pages have no back arrow: they are left by switching tabs. */
  isTab: boolean;
  /**
   * No back arrow when this is the app's first page either: the sign-in pages, whose "back"
   * (Home) would only lead to them again.
   */
  isEntry?: boolean;
  children: ReactNode;
}

/** The frame of every page: a title bar, then the page, loaded on demand. */
export function PageFrame({ title, isTab, isEntry = false, children }: Props) {
  const goBack = useGoBack();
  const first = useIsFirstEntry();
  const noBack = isTab || (isEntry && first);
  const { appName } = useConfig();
  useEffect(() => {
    document.title = title === appName ? appName : `${title} - ${appName}`;
  }, [appName, title]);
  return (
    <div className={styles.page}>
      <NavBar className={styles.navBar} back={noBack ? null : undefined} onBack={goBack}>
        <h1 className={styles.title}>{title}</h1>
      </NavBar>
      <main className={styles.content}>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <DotLoading color="primary" />
            </div>
          }
        >
          {children}
        </Suspense>
      </main>
    </div>
  );
}
