import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time';

describe('formatDateTime', () => {
  const iso = '2026-03-04T05:06:07.000Z';
  const local = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');

  it('shows the browser’s local time, with seconds unless asked not to', () => {
    const time = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatDateTime(iso, 'en-US')).toContain(`${time}:${pad(local.getSeconds())}`);
    expect(formatDateTime(iso, 'en-US', { seconds: false })).toContain(time);
    expect(formatDateTime(iso, 'en-US', { seconds: false })).not.toContain(`${time}:`);
    expect(formatDateTime(iso, 'zh-Hans')).toContain(String(local.getFullYear()));
  });

  it('shows a dash for no time, and an unreadable one as it came', () => {
    expect(formatDateTime(null, 'en-US')).toBe('—');
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});
