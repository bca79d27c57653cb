import deErrors from '@ampere/contract/error-messages/de.json';
import { describe, expect, it } from 'vitest';
import de from './locales/de';
import enUSErrors from '@ampere/contract/error-messages/en-US.json';
import { englishCatalogueLoaded, i18n, initI18n, initialLocale, switchLocale } from './index';

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

describe('switchLocale', () => {
  // A locale that fails to load leaves the app in English without an error, so check it loads.
  it('loads a lazy locale: all its feature files and the contract’s error catalogue', async () => {
    await initI18n();
    await switchLocale('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('pages.earn.title')).toBe(de.pages.earn.title);
    expect(i18n.t('errors.offline')).toBe(de.errors.offline);
    expect(i18n.t('errors.not_found')).toBe(deErrors.not_found);
  });
});

describe('English error catalogue', () => {
  it('arrives after launch, off the first download, and says what each server code means', async () => {
    await initI18n();
    await englishCatalogueLoaded();
    expect(i18n.getFixedT('en-US')('errors.not_found')).toBe(enUSErrors.not_found);
    // The app's own client-side codes are in its messages from the start.
    expect(i18n.getFixedT('en-US')('errors.offline')).not.toBe('errors.offline');
  });
});
