import 'i18next';
import type { UserErrorMessages } from '@ampere/contract/error-messages';
import type enUS from './locales/en-US';
// Lazily loaded features (i18n/feature.ts): typed here, downloaded with their pages.
import type kyc from './locales/en-US/kyc.json';
import type funding from './locales/en-US/funding.json';
import type earn from './locales/en-US/earn.json';
import type practice from './locales/en-US/practice.json';
import type content from './locales/en-US/content.json';
import type notifications from './locales/en-US/notifications.json';
import type levels from './locales/en-US/levels.json';

/** Makes every t() key checked against the English messages at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: Omit<typeof enUS, 'errors'> &
        typeof kyc &
        typeof funding &
        typeof earn &
        typeof practice &
        typeof content &
        typeof notifications &
        typeof levels & {
          errors: (typeof enUS)['errors'] & UserErrorMessages;
        };
    };
  }
}
