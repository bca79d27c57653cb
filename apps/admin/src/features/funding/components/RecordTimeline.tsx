import type { TimelineEntry } from '@ampere/contract';
import { Timeline, Typography } from 'antd';
import { currentLocale } from '@/i18n';
import { formatDateTime } from '@/lib/time';

/** Every state change of a record, oldest first, with the reason and the member's note. */
export function RecordTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const locale = currentLocale();
  return (
    <Timeline
      items={entries.map((entry, index) => ({
        key: `${entry.event}-${String(index)}`,
        color:
          entry.event === 'rejected' || entry.event === 'payout_failed'
            ? 'red'
            : entry.event === 'paid' || entry.event === 'confirmed' || entry.event === 'credited'
              ? 'green'
              : 'blue',
        children: (
          <>
            <Typography.Text strong>{entry.label}</Typography.Text>{' '}
            <Typography.Text type="secondary">{formatDateTime(entry.at, locale)}</Typography.Text>
            {entry.reason !== null && <div>{entry.reason}</div>}
            {entry.note !== null && <Typography.Text italic>{entry.note}</Typography.Text>}
          </>
        ),
      }))}
    />
  );
}
