import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { badgeText } from '../subject';
import styles from './InboxBell.module.css';

interface Props {
  unread: number;
  /** "Notifications" in the reader's language; the count is added for screen readers. */
  label: string;
  onOpen: () => void;
}

/** The bell: a button to the inbox with the unread count as its badge. */
export function InboxBell({ unread, label, onOpen }: Props) {
  const text = badgeText(unread);
  return (
    <button
      type="button"
      className={styles.bell}
      aria-label={text === null ? label : `${label}: ${text}`}
      data-testid="inbox-bell"
      data-unread={unread}
      onClick={onOpen}
    >
      <Badge content={text} aria-hidden>
        <BellOutline className={styles.icon} aria-hidden />
      </Badge>
    </button>
  );
}
