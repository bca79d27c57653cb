import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime, relativeTime } from '@ampere/client';

/** SPEC §9 relative time in the user's language: "Moment ago", "5 min ago", "3 d ago", … */
export function relativeTimeText(thenMs: number, nowMs: number, t: TFunction): string {
  const relative = relativeTime(thenMs, nowMs);
  if (relative.unit === 'moment') return t('wallet.time.moment');
  return t(`wallet.time.${relative.unit}`, { value: relative.value });
}

interface Props {
  /** ISO 8601, as the server sends it. */
  iso: string;
  /** "relative" for a glance (Asset tab), "absolute" where people look for a date (records). */
  mode: 'relative' | 'absolute';
  /** The current time (useNow), shared by a whole list. */
  nowMs: number;
}

export function TimeAgo({ iso, mode, nowMs }: Props) {
  const { t } = useTranslation();
  const thenMs = Date.parse(iso);
  // A time the device cannot read is shown as sent rather than breaking the list.
  if (Number.isNaN(thenMs)) return <time>{iso}</time>;
  const exact = formatDateTime(thenMs, true);
  return (
    <time dateTime={iso} title={exact}>
      {mode === 'relative' ? relativeTimeText(thenMs, nowMs, t) : exact}
    </time>
  );
}
