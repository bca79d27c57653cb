import type { TimelineEntry } from '@ampere/contract';
import { Steps } from 'antd-mobile';
import { formatTime } from '../format';
import styles from './Funding.module.css';

/**
 * Every state change of a record, oldest first, with the reason and staff's note when there is
 * one. Labels and reasons come from the server in the user's language.
 */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const last = entries.length - 1;
  return (
    <div className={styles.timeline}>
      <Steps direction="vertical" current={last}>
        {entries.map((entry, index) => (
          <Steps.Step
            key={`${entry.event}-${entry.at}-${String(index)}`}
            title={entry.label}
            status={
              entry.event === 'rejected' || entry.event === 'payout_failed' ? 'error' : 'finish'
            }
            description={
              <>
                <span className={styles.timelineNote}>{formatTime(entry.at)}</span>
                {entry.reason !== null && (
                  <span className={styles.timelineNote}>{entry.reason}</span>
                )}
                {entry.note !== null && <span className={styles.timelineNote}>{entry.note}</span>}
              </>
            }
          />
        ))}
      </Steps>
    </div>
  );
}
