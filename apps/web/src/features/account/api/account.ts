import { homeSchema, isUsedMpwdSchema, loginHistorySchema, qrcodeSchema } from '@ampere/contract';
import type { Home, LoginHistory, Qrcode } from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * Reads of the signed-in user's own account. Each cache key carries the username, so a second
 * account signed in on the same device never sees the first one's cached profile.
 */
export const accountQueryKeys = {
  home: (username: string) => ['user/home', username] as const,
  fundPasswordSet: (username: string) => ['user/isUsedMpwd', username] as const,
  loginHistory: (username: string) => ['user/loginHistory', username] as const,
  qrcode: (username: string) => ['user/getMyQrcode', username] as const,
};

/** Profile, levels and balances for the Mine tab. */
export async function fetchHome(api: Api): Promise<Home> {
  return homeSchema.parse(await api.get('user/home'));
}

/** Whether a fund password is set (SPEC §7 user/isUsedMpwd). */
export async function fetchFundPasswordSet(api: Api): Promise<boolean> {
  return isUsedMpwdSchema.parse(await api.get('user/isUsedMpwd')).used;
}

export async function fetchLoginHistory(api: Api): Promise<LoginHistory['items']> {
  return loginHistorySchema.parse(await api.get('user/loginHistory')).items;
}

/** The invite code and the link that opens registration with it. */
export async function fetchQrcode(api: Api): Promise<Qrcode> {
  return qrcodeSchema.parse(await api.get('user/getMyQrcode'));
}

/**
 * SPEC §3: the same three fields change the login password and the fund password; the first
 * fund password is set without an old one.
 */
export interface PasswordChange {
  oldpassword?: string;
  password: string;
  repassword: string;
}

export type PasswordKind = 'login' | 'fund';

const PASSWORD_PATHS: Record<PasswordKind, string> = {
  login: 'user/password',
  fund: 'user/mpassword',
};

export function changePassword(
  api: Api,
  kind: PasswordKind,
  body: PasswordChange,
): Promise<unknown> {
  return api.post(PASSWORD_PATHS[kind], { body: { ...body } });
}
