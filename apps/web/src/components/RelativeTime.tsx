import { formatDateTime, relativeTime } from '@ampere/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §9 relative time ("Moment ago", "5 min ago", …), the exact time on hover: announcements,
 * notifications.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const { t } = useTranslation();
  // A list is read for a minute or two: the time of the first render is close enough.
  const [nowMs] = useState(() => Date.now());
  const thenMs = Date.parse(iso);
  if (Number.isNaN(thenMs)) return <time>{iso}</time>;
  const relative = relativeTime(thenMs, nowMs);
  const text =
    relative.unit === 'moment'
      ? t('wallet.time.moment')
      : t(`wallet.time.${relative.unit}`, { value: relative.value });
  return (
    <time dateTime={iso} title={formatDateTime(thenMs, true)}>
      {text}
    </time>
  );
}
