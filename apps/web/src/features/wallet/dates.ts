/**
 * Calendar days for the statement filters, as `YYYY-MM-DD` in the user's own time zone: the day
 * people mean when they pick "1 June" on a phone.
 */
const pad2 = (n: number) => String(n).padStart(2, '0');

export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Local midnight of an ISO day (the inverse of toIsoDate). */
export function fromIsoDate(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The last `days` calendar days up to and including `today`. */
export function lastDays(days: number, today: Date): { from: string; to: string } {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: toIsoDate(first), to: toIsoDate(today) };
}
