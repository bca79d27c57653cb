import type { Order } from '@ampere/contract';

/**
 * The countdown of an open order. `expiresAt` is on the server's clock, and a phone's clock may
 * be off by seconds or minutes; counting down to it with `Date.now()` would end early or late by
 * that much. So the deadline is moved onto this device's clock with the `secondsRemaining` the
 * server sent at `receivedAtMs`. It is rounded up by the server, so the local countdown can only
 * end a little late, never before the order has really expired.
 */
export function localDeadline(
  order: Pick<Order, 'secondsRemaining'>,
  receivedAtMs: number,
): number {
  return receivedAtMs + order.secondsRemaining * 1000;
}

/** Whole seconds left until `deadlineMs` at `nowMs`, rounded up; 0 once it has passed. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** "0:29", "4:05", "10:00": minutes and seconds, as a countdown reads. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** How much of the period is left, 0–100, for a progress ring. */
export function remainingPercent(seconds: number, periodS: number): number {
  if (periodS <= 0) return 0;
  return Math.min(100, Math.max(0, (seconds / periodS) * 100));
}

/**
 * How long past the deadline the client starts asking whether the order has settled: the server
 * settles once a tick after expiry exists, about a second after it.
 */
export const SETTLE_POLL_AFTER_MS = 1000;
/** The fallback poll while a settled order's push has not arrived (the socket may be down). */
export const SETTLE_POLL_MS = 2000;
