import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { formatTime } from '../format';
import styles from './Funding.module.css';
import { StatusTag } from './StatusTag';

interface Props {
  title: ReactNode;
  amount: string;
  status: string;
  statusLabel: string;
  time: string;
  /** A second line's left side, e.g. the fee or the destination. */
  detail?: ReactNode;
  onClick?: () => void;
}

/** One row of a tracker: what, how much, its state and when. */
export function RecordItem({ title, amount, status, statusLabel, time, detail, onClick }: Props) {
  return (
    <List.Item onClick={onClick} arrowIcon={onClick !== undefined}>
      <div className={styles.item}>
        <div className={styles.itemTop}>
          <span>{title}</span>
          <strong>{amount}</strong>
        </div>
        <div className={styles.itemSub}>
          <span>{detail ?? formatTime(time)}</span>
          <StatusTag status={status} label={statusLabel} />
        </div>
        {detail !== undefined && <div className={styles.itemSub}>{formatTime(time)}</div>}
      </div>
    </List.Item>
  );
}
