import { describe, expect, it } from 'vitest';
import { formatCountdown, localDeadline, remainingPercent, secondsLeft } from './countdown';

describe('countdown', () => {
  it('moves the deadline onto this device’s clock with the seconds the server sent', () => {
    // The phone's clock is 90 s behind the server's: counting to expiresAt would show 2 min.
    const receivedAt = 1_000_000;
    expect(localDeadline({ secondsRemaining: 30 }, receivedAt)).toBe(1_030_000);
  });

  it('counts whole seconds up and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 15_000)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatCountdown(29)).toBe('0:29');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('gives the share of the period left for the ring', () => {
    expect(remainingPercent(30, 30)).toBe(100);
    expect(remainingPercent(15, 30)).toBe(50);
    expect(remainingPercent(0, 30)).toBe(0);
    // A countdown that ends a little late never overflows the ring.
    expect(remainingPercent(31, 30)).toBe(100);
    expect(remainingPercent(5, 0)).toBe(0);
  });
});
