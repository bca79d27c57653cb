import styles from './InfoRows.module.css';

export interface InfoRow {
  label: string;
  value: string;
}

/** Label-value pairs, e.g. a withdrawal's minimum, fee and amount that arrives. */
export function InfoRows({ rows }: { rows: readonly InfoRow[] }) {
  return (
    <dl className={styles.rows}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
