import { describe, expect, it } from 'vitest';
import { LAZY_FEATURES, loadFeatureMessages } from './feature';
import { i18n, initI18n } from './index';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

describe('lazy feature messages', () => {
  it('are not part of English at launch, and arrive with their page in both languages', async () => {
    await initI18n();
    for (const feature of LAZY_FEATURES) {
      const german = files[`./locales/de/${feature}.json`] ?? {};
      const group = Object.keys(german)[0] ?? '';
      expect(i18n.getResource('de', 'translation', group)).toBeUndefined();
      await loadFeatureMessages(feature, 'de');
      expect(i18n.getResource('de', 'translation', group)).toEqual(german[group]);
      expect(i18n.getResource('en-US', 'translation', group)).toEqual(
        files[`./locales/en-US/${feature}.json`]?.[group],
      );
    }
  });

  it('refuses a feature that has no messages, and tries again next time', async () => {
    await expect(loadFeatureMessages('no-such-feature', 'de')).rejects.toThrow(/no-such-feature/);
    await expect(loadFeatureMessages('no-such-feature', 'de')).rejects.toThrow(/no-such-feature/);
  });
});
