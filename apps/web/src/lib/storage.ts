import { createStorage, type AppStorage } from '@ampere/client';
import { INVITE_CODE_TTL_S } from './constants';

export {
  createStorage,
  type AppStorage,
  type KeyValueBackend,
  type StorageOptions,
} from '@ampere/client';

/** Every key the app keeps in localStorage, in one place so none collide or go stale. */
export const STORAGE_KEYS = {
  token: 'ampere.token',
  user: 'ampere.user',
  locale: 'ampere.locale',
  theme: 'ampere.theme',
  primaryColor: 'ampere.primaryColor',
  palette: 'ampere.palette',
  inviteCode: 'ampere.inviteCode',
  config: 'ampere.config',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The app-wide store on localStorage. */
export const storage: AppStorage = createStorage();

/** Invite codes are short tokens; anything else in `i` is not ours and is ignored. */
const INVITE_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads the invite code from launch query parameter `i` (SPEC §3, §9) and keeps it for a day so
 * it survives the detour through login to registration. Accepts "?i=X", "i=X", or a hash route
 * such as "#/app/pages/user/register?i=X" (in hash routing the query sits after the hash).
 */
export function captureInviteCode(search: string, store: AppStorage = storage): string | undefined {
  const queryStart = search.indexOf('?');
  const query = queryStart === -1 ? search : search.slice(queryStart + 1);
  const code = new URLSearchParams(query).get('i')?.trim();
  if (code === undefined || !INVITE_CODE_RE.test(code)) return undefined;
  store.set(STORAGE_KEYS.inviteCode, code, INVITE_CODE_TTL_S);
  return code;
}

export function getInviteCode(store: AppStorage = storage): string | undefined {
  return store.get(STORAGE_KEYS.inviteCode, (v) => (typeof v === 'string' ? v : undefined));
}
