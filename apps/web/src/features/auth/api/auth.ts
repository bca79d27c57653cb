import type { Api } from '@ampere/client';

/**
 * Sign-in calls of SPEC §7. They are form posts; the field names are the SPEC's. Callers pass
 * the app's request client, because features do not reach into the app layer.
 */
export interface Credentials {
  username: string;
  password: string;
}

export interface Registration extends Credentials {
  repassword: string;
  invite_code?: string;
}

/** The login answer: the token, and the user for the session store to validate. */
export interface LoginResult {
  token: string;
  user: unknown;
}

function toLoginResult(data: unknown): LoginResult | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  if (!('token' in data) || typeof data.token !== 'string' || data.token === '') return undefined;
  return { token: data.token, user: 'user' in data ? data.user : undefined };
}

/** Resolves undefined when the server answered success without a usable session. */
export async function login(api: Api, body: Credentials): Promise<LoginResult | undefined> {
  // Bodies are spread into fresh objects: an interface has no index signature, a literal does.
  return toLoginResult(await api.post('user/login', { body: { ...body } }));
}

/** Registering signs the new user in: the answer is the same as login's. */
export async function register(api: Api, body: Registration): Promise<LoginResult | undefined> {
  return toLoginResult(await api.post('user/register', { body: { ...body } }));
}

/** SPEC §7: code 0 means the server ended the session. */
export function logout(api: Api): Promise<unknown> {
  return api.post('user/logout');
}

/**
 * Self-service recovery (docs/accounts.md): the account name and the fund password prove
 * ownership. Every refusal reads the same, so the page cannot tell whether an account exists.
 */
export interface PasswordRecovery {
  username: string;
  mpassword: string;
  password: string;
  repassword: string;
}

export function findPassword(api: Api, body: PasswordRecovery): Promise<unknown> {
  return api.post('user/findPassword', { body: { ...body } });
}
