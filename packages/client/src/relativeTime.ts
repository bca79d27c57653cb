import { RELATIVE_DAYS_MAX, RELATIVE_MOMENT_S } from './constants';

/**
 * Relative time (SPEC §9) as data, not text: the UI owns the wording in 13 locales, so this only
 * decides the unit and the whole number to show.
 */
export type RelativeUnit = 'minutes' | 'hours' | 'days' | 'months' | 'years';
export type RelativeTime = { unit: 'moment' } | { unit: RelativeUnit; value: number };

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const MONTH_DAYS = 30;
const MONTHS_PER_YEAR = 12;
const YEAR_DAYS = 365;

export function relativeTime(thenMs: number, nowMs: number): RelativeTime {
  if (!Number.isFinite(thenMs) || !Number.isFinite(nowMs)) {
    throw new RangeError('relativeTime needs finite epoch milliseconds');
  }
  // A time slightly in the future is clock skew between server and device, not a prediction,
  // so it reads "moment ago" like any other very recent event.
  const elapsedS = Math.floor((nowMs - thenMs) / 1000);
  if (elapsedS < RELATIVE_MOMENT_S) return { unit: 'moment' };
  if (elapsedS < HOUR_S) return { unit: 'minutes', value: Math.floor(elapsedS / MINUTE_S) };
  if (elapsedS < DAY_S) return { unit: 'hours', value: Math.floor(elapsedS / HOUR_S) };
  const days = Math.floor(elapsedS / DAY_S);
  if (days < RELATIVE_DAYS_MAX) return { unit: 'days', value: days };
  const months = Math.floor(days / MONTH_DAYS);
  if (months < MONTHS_PER_YEAR) return { unit: 'months', value: months };
  // Twelve 30-day months are 360 days, so days 360–364 would be "0 years" by calendar count;
  // they read "1 year" because "12 months" has already been passed.
  return { unit: 'years', value: Math.max(1, Math.floor(days / YEAR_DAYS)) };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "YYYY-MM-DD HH:mm" (or with ":ss") in the device's local time zone. */
export function formatDateTime(ms: number, withSeconds = false): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError('formatDateTime needs a valid time');
  const day = `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  const time = `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  return withSeconds ? `${day} ${time}:${pad2(date.getSeconds())}` : `${day} ${time}`;
}
