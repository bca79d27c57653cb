import type { ReactNode } from 'react';
import styles from './Section.module.css';

interface Props {
  title?: string;
  /** Right-aligned in the header, e.g. a "More" link. */
  extra?: ReactNode;
  children: ReactNode;
}

/** A titled card: the building block of every page body. */
export function Section({ title, extra, children }: Props) {
  return (
    <section className={styles.section}>
      {(title !== undefined || extra !== undefined) && (
        <header className={styles.header}>
          {title !== undefined && <h2 className={styles.title}>{title}</h2>}
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
