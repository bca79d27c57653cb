import { describe, expect, it } from 'vitest';
import { DEVICE_RAW_MAX_CHARS, shortDevice } from './device';

describe('shortDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox · macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome · Linux',
    ],
  ])('names the browser and system of %s', (ua, expected) => {
    expect(shortDevice(ua)).toBe(expected);
  });

  it('keeps a system without a known browser, and the reverse', () => {
    expect(shortDevice('SomeApp/1.0 (Android 12)')).toBe('Android');
    expect(shortDevice('Firefox/127.0')).toBe('Firefox');
  });

  it('cuts an unknown client short', () => {
    expect(shortDevice('curl/8.5.0')).toBe('curl/8.5.0');
    const long = 'python-requests/2.32.3 something-very-long/1.0';
    const short = shortDevice(long);
    expect(short).toHaveLength(DEVICE_RAW_MAX_CHARS);
    expect(short?.endsWith('…')).toBe(true);
  });

  it('shows nothing for a missing header', () => {
    expect(shortDevice(null)).toBeUndefined();
    expect(shortDevice(undefined)).toBeUndefined();
    expect(shortDevice('   ')).toBeUndefined();
  });
});
