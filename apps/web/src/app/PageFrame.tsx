import { DotLoading } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useGoBack, useIsFirstEntry } from '@/hooks/useAppNavigate';
import { useFirstScreenHold } from '@/hooks/useFirstScreenHold';
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
  /** The title bar's right-hand side (Home's bell). */
  right?: ReactNode;
  /** No back arrow at all: a page whose ways on are its own buttons. */
  noBack?: boolean;
  children: ReactNode;
}

/** A page's place while its chunk loads; a first screen still loading holds (lib/firstScreen.ts). */
function PageLoading() {
  useFirstScreenHold();
  return (
    <div className={styles.loading}>
      <DotLoading color="primary" />
    </div>
  );
}

/** The frame of every page: a title bar, then the page, loaded on demand. */
export function PageFrame({
  title,
  isTab,
  isEntry = false,
  noBack = false,
  right,
  children,
}: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const first = useIsFirstEntry();
  const hideBack = noBack || isTab || (isEntry && first);
  const { appName } = useConfig();
  useEffect(() => {
    document.title = title === appName ? appName : `${title} - ${appName}`;
  }, [appName, title]);
  return (
    <div className={styles.page}>
      {/*
        The title bar. Not antd-mobile's NavBar: it marks its left side a button whether or not
        there is a back arrow, and hides the back text from screen readers (issue #20).
      */}
      <header className={styles.navBar}>
        <div className={styles.side}>
          {hideBack ? null : (
            <button
              type="button"
              className={`adm-nav-bar-back ${styles.back}`}
              aria-label={t('common.back')}
              onClick={goBack}
            >
              <LeftOutline aria-hidden />
            </button>
          )}
        </div>
        <div className={styles.titleBox}>
          <h1 className={styles.title}>{title}</h1>
        </div>
        <div className={`${styles.side} ${styles.right}`}>{right}</div>
      </header>
      <main className={styles.content}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
    </div>
  );
}
