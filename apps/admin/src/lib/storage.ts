import { createStorage, type AppStorage } from '@ampere/client';

/**
 * Every key the back office keeps in localStorage, in one place so none collide. The session is
 * not among them: it is an httpOnly cookie the page never sees.
 */
export const STORAGE_KEYS = {
  locale: 'ampere.admin.locale',
  theme: 'ampere.admin.theme',
} as const;

/** The app-wide store on localStorage. */
export const storage: AppStorage = createStorage();
