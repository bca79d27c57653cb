/**
 * Earn's calendar (docs/earn.md): days are counted in the operator's time zone, a fixed offset
 * east of UTC (`OPERATOR_UTC_OFFSET_MINUTES`). Day n runs from `dayStartMs(n)` up to, not
 * including, `dayStartMs(n + 1)`; day 0 is 1970-01-01 there.
 */
const DAY_MS = 86_400_000;

export interface EarnCalendar {
  /** The operator day holding `ms`. */
  dayOf(ms: number): number;
  /** When operator day `day` starts, epoch ms. */
  dayStartMs(day: number): number;
  /** `YYYY-MM-DD` of an operator day. */
  label(day: number): string;
}

export function earnCalendar(offsetMinutes: number): EarnCalendar {
  const offsetMs = offsetMinutes * 60_000;
  return {
    dayOf: (ms) => Math.floor((ms + offsetMs) / DAY_MS),
    dayStartMs: (day) => day * DAY_MS - offsetMs,
    label: (day) => new Date(day * DAY_MS).toISOString().slice(0, 10),
  };
}
