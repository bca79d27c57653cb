import { formatChangePct } from '../quote';
import type { Direction } from '../quote';
import styles from './ChangeBadge.module.css';

/** The 24 h change, filled in the rise or fall colour. */
export function ChangeBadge({
  pct,
  direction,
  muted = false,
}: {
  pct: string | null;
  direction: Direction;
  muted?: boolean;
}) {
  return (
    <span
      className={styles.badge}
      data-direction={direction}
      data-muted={muted}
      data-testid="market-change"
    >
      {formatChangePct(pct)}
    </span>
  );
}
