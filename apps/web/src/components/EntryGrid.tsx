import type { ReactNode } from 'react';
import styles from './EntryGrid.module.css';

export interface Entry {
  key: string;
  label: string;
  icon: ReactNode;
  onOpen: () => void;
}

/** A grid of icon shortcuts, e.g. Home's quick entries and the wallet actions. */
export function EntryGrid({
  entries,
  columns = 3,
}: {
  entries: readonly Entry[];
  columns?: number;
}) {
  return (
    <ul className={styles.grid} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {entries.map((entry) => (
        <li key={entry.key}>
          <button type="button" className={styles.entry} onClick={entry.onOpen}>
            <span className={styles.icon} aria-hidden>
              {entry.icon}
            </span>
            <span className={styles.label}>{entry.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
