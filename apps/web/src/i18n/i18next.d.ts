import 'i18next';
import type { UserErrorMessages } from '@ampere/contract/error-messages';
import type enUS from './locales/en-US';
// Lazy features (i18n/feature.ts): typed here, loaded with their pages; a type import ships nothing.
import type funding from './locales/en-US/funding.json';

/** Makes every t() key checked against the English messages at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Omit<typeof enUS, 'errors'> &
        typeof funding & {
          errors: (typeof enUS)['errors'] & UserErrorMessages;
        };
    };
  }
}
