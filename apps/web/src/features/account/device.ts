/**
 * A User-Agent header shortened to what a person recognises in their sign-in history:
 * "Chrome · Android", "Safari · iOS". Brand names are the same in every language, so the result
 * needs no translation. Anything unrecognised is cut short rather than shown in full.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b|\biOS\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Longest raw text shown for a client we do not recognise. */
export const DEVICE_RAW_MAX_CHARS = 24;

const first = (ua: string, table: readonly [RegExp, string][]): string | undefined =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/** Undefined when there is nothing to show (no header was recorded). */
export function shortDevice(userAgent: string | null | undefined): string | undefined {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return undefined;
  const parts = [first(ua, BROWSERS), first(ua, SYSTEMS)].filter((p) => p !== undefined);
  if (parts.length > 0) return parts.join(' · ');
  return ua.length > DEVICE_RAW_MAX_CHARS ? `${ua.slice(0, DEVICE_RAW_MAX_CHARS - 1)}…` : ua;
}
