import { describe, expect, it } from 'vitest';
import { currentLocale, i18n, initI18n, initialLocale, switchLocale } from './index';

describe('initialLocale', () => {
  it('keeps the member’s stored choice', () => {
    expect(initialLocale('en-US', ['zh-CN'])).toBe('en-US');
    expect(initialLocale('zh-Hans', ['en-GB'])).toBe('zh-Hans');
  });

  it('follows a browser that prefers Chinese, and is English otherwise', () => {
    expect(initialLocale(undefined, ['zh-CN', 'en'])).toBe('zh-Hans');
    expect(initialLocale(undefined, ['zh'])).toBe('zh-Hans');
    expect(initialLocale(undefined, ['zh-TW'])).toBe('zh-Hans');
    expect(initialLocale(undefined, ['en-US', 'zh-CN'])).toBe('en-US');
    expect(initialLocale(undefined, ['fr-FR'])).toBe('en-US');
    expect(initialLocale(undefined, [])).toBe('en-US');
  });
});

describe('switching language', () => {
  it('loads Chinese with the contract’s error messages, and remembers the choice', async () => {
    await initI18n('en-US');
    await switchLocale('zh-Hans');
    expect(currentLocale()).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(i18n.t('nav.staff')).toBe('员工');
    expect(i18n.t('errors.totp_code_invalid')).toMatch(/验证码/);
    expect(initialLocale(undefined, ['en-US'])).toBe('zh-Hans');
    await switchLocale('en-US');
    expect(i18n.t('nav.staff')).toBe('Staff');
  });
});
