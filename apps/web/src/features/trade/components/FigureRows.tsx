import type { ReactNode } from 'react';
import type { Tone } from '../outcome';
import styles from './FigureRows.module.css';

export interface FigureRow {
  key: string;
  label: string;
  value: ReactNode;
  /** Gains green, losses red. */
  tone?: Tone;
  testId?: string;
}

/** Label-value pairs of an order or a day's figures; values may be coloured by their sign. */
export function FigureRows({
  rows,
  dense = false,
}: {
  rows: readonly FigureRow[];
  dense?: boolean;
}) {
  return (
    <dl className={styles.rows} data-dense={dense}>
      {rows.map((row) => (
        <div key={row.key} className={styles.row}>
          <dt>{row.label}</dt>
          <dd data-tone={row.tone} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
