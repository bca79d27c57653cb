import 'i18next';
import type { UserErrorMessages } from '@ampere/contract/error-messages';
import type enUS from './locales/en-US';
// Lazy features (feature.ts): their English is typed here, loaded with their pages.
import type earn from './locales/en-US/earn.json';

/** Makes every t() key checked against the English messages at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Omit<typeof enUS, 'errors'> &
        typeof earn & {
          errors: (typeof enUS)['errors'] & UserErrorMessages;
        };
    };
  }
}
