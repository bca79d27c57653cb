import { FileOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

interface Props {
  message: string;
  icon?: ReactNode;
  /** A way forward, e.g. a button to the page that produces the missing data. */
  action?: ReactNode;
}

/** The honest answer of a list or panel that has nothing to show yet. */
export function EmptyState({ message, icon, action }: Props) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon} aria-hidden>
        {icon ?? <FileOutline />}
      </span>
      <p className={styles.message}>{message}</p>
      {action}
    </div>
  );
}
