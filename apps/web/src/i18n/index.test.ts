import { describe, expect, it } from 'vitest';
import { initialLocale } from './index';

describe('initialLocale', () => {
  it('prefers the stored choice', () => {
    expect(initialLocale('ja', ['de-DE'])).toBe('ja');
  });

  it('else takes the first browser language we have', () => {
    expect(initialLocale(undefined, ['xx-YY', 'zh-TW', 'en'])).toBe('zh-Hant');
    expect(initialLocale(undefined, ['pt-BR'])).toBe('pt');
  });

  it('else falls back to English', () => {
    expect(initialLocale(undefined, ['xx', 'yy-ZZ'])).toBe('en-US');
    expect(initialLocale(undefined, [])).toBe('en-US');
  });
});
