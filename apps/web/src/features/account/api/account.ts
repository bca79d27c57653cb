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

/** SPEC §3 real-name payload; `front` and `contrary` are the uploaded photos' addresses. */
export interface RealnameSubmission {
  name: string;
  idcard: string;
  front: string;
  contrary: string;
}

export function submitRealname(api: Api, body: RealnameSubmission): Promise<unknown> {
  return api.post('user/realnameAuth', { body: { ...body } });
}

/** Image types the uploader takes (SPEC §5: anything else is "Unsupported image files"). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function isSupportedImage(file: File): boolean {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/**
 * Uploads one image (POST common/uploader, multipart) and yields its address. The SPEC does not
 * show the answer; we take `{url}`, which the contract must confirm.
 */
export async function uploadImage(api: Api, file: File): Promise<string> {
  const data = await api.upload('common/uploader', file);
  if (typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string') {
    return data.url;
  }
  throw new Error('The uploader answered without a url');
}
