import 'i18next';
import type { ErrorMessages } from '@ampere/contract/error-messages';
import type enUS from './locales/en-US';

/** Makes every t() key checked against the English messages at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Omit<typeof enUS, 'errors'> & {
        errors: (typeof enUS)['errors'] & ErrorMessages;
      };
    };
  }
}
