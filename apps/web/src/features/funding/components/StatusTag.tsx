import styles from './Funding.module.css';

type Tone = 'good' | 'wait' | 'bad' | 'flat';

const TONES: Record<string, Tone> = {
  pending: 'wait',
  confirming: 'wait',
  approved: 'wait',
  paying: 'wait',
  credited: 'good',
  paid: 'good',
  completed: 'good',
  rejected: 'bad',
  dropped: 'bad',
  expired: 'flat',
  cancelled: 'flat',
};

/** A record's state, in the words the server sent (already in the user's language). */
export function StatusTag({ status, label }: { status: string; label: string }) {
  return (
    <span className={styles.status} data-tone={TONES[status] ?? 'flat'} data-status={status}>
      {label}
    </span>
  );
}
