import type { LoginHistory } from '@ampere/contract';
import { Button, DotLoading, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@ampere/client';
import { shortDevice } from '../device';
import styles from './LoginHistoryList.module.css';

type Entry = LoginHistory['items'][number];

/** The Setting page shows the latest sign-ins only; the server keeps a longer list. */
export const LOGIN_HISTORY_SHOWN = 5;

interface Props {
  status: 'pending' | 'error' | 'success';
  items: readonly Entry[] | undefined;
  onRetry: () => void;
}

function timeText(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(ms);
}

function Body({ status, items, onRetry }: Props) {
  const { t } = useTranslation();
  if (status === 'pending') {
    return (
      <List.Item>
        <DotLoading color="primary" />
      </List.Item>
    );
  }
  if (status === 'error' || items === undefined) {
    return (
      <List.Item
        extra={
          <Button size="mini" fill="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        <span className={styles.muted}>{t('errors.loading_failed')}</span>
      </List.Item>
    );
  }
  if (items.length === 0) {
    return (
      <List.Item>
        <span className={styles.muted}>{t('setting.signIns.empty')}</span>
      </List.Item>
    );
  }
  return items.slice(0, LOGIN_HISTORY_SHOWN).map((item, index) => (
    <List.Item
      key={`${index}-${item.time}`}
      description={
        <span className={styles.where}>
          {/* An IP address is language-neutral; a missing one is a dash, not a word. */}
          <span>{item.ip ?? '—'}</span>
          <span>{shortDevice(item.device) ?? t('setting.signIns.unknownDevice')}</span>
        </span>
      }
      extra={
        <Tag color={item.success ? 'success' : 'danger'} fill="outline">
          {t(item.success ? 'setting.signIns.succeeded' : 'setting.signIns.failed')}
        </Tag>
      }
    >
      <span className={styles.time}>{timeText(item.time)}</span>
    </List.Item>
  ));
}

/** The latest sign-ins of this account (time, IP, device, outcome), so a stranger's stands out. */
export function LoginHistoryList(props: Props) {
  const { t } = useTranslation();
  return (
    <List header={t('setting.signIns.title')} mode="card">
      <Body {...props} />
    </List>
  );
}
