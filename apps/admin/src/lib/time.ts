/**
 * Dates as staff read them: the locale's date and time with seconds, in the browser's zone. One
 * formatter per locale, made on first use (Intl formatters are costly to build).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${String(seconds)}`;
  let made = formatters.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    formatters.set(key, made);
  }
  return made;
}

/**
 * An ISO timestamp from the API, or `—` for none. Seconds by default (the audit log, session
 * ends); `{ seconds: false }` for table cells where minutes are enough.
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale: string,
  { seconds = true }: { seconds?: boolean } = {},
): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatter(locale, seconds).format(ms);
}
