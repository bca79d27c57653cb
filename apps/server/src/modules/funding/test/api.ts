import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { signUpThroughApi } from '../../../test/fixtures.js';
import type { StaffClient } from '../../../test/staff.js';

/** A signed-up user with a fund password (`123456`), and how to call the user API as them. */
export interface FundingUser {
  id: bigint;
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: object, key?: string): Promise<LightMyRequestResponse>;
}

export const FUND_PASSWORD = '123456';
/** A Visa test number (passes Luhn). */
export const VISA = '4111111111111111';

export const newKey = () => `k-${randomBytes(8).toString('hex')}`;

export async function fundingUser(
  app: FastifyInstance,
  db: Parameters<typeof signUpThroughApi>[1],
  name: string,
): Promise<FundingUser> {
  const { id, token } = await signUpThroughApi(app, db, name);
  const headers = { authorization: `Bearer ${token}` };
  const user: FundingUser = {
    id,
    token,
    get: (url) => app.inject({ method: 'GET', url: `/api/v1/${url}`, headers }),
    post: (url, payload, key) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      }),
  };
  const set = await user.post('user/mpassword', {
    password: FUND_PASSWORD,
    repassword: FUND_PASSWORD,
  });
  if (set.json<{ code: number }>().code !== 0)
    throw new Error(`fund password refused: ${set.body}`);
  return user;
}

/** The `data` of a successful answer; throws with the answer otherwise. */
export interface Answer<T> {
  code: number;
  data: T;
}

/** The `data` of a successful answer, read as `T`; throws with the answer otherwise. */
export function data<T = Record<string, unknown>>(
  res: LightMyRequestResponse,
  /** Only names T for readers; the answer is not checked against it. */
  _like?: T,
): T {
  const body: Answer<T> = res.json();
  if (body.code !== 0) throw new Error(`expected success, got ${res.statusCode} ${res.body}`);
  return body.data;
}

export const codeOf = (res: LightMyRequestResponse) => res.json<{ code: number }>().code;

/** A receiving account added by finance; its id. */
export async function receivingAccount(finance: StaffClient): Promise<string> {
  const res = await finance.call({
    method: 'POST',
    url: 'funding/receiving-accounts',
    payload: {
      bankName: 'Bank of Test',
      accountName: 'Ampere Ltd',
      cardNumber: '6222020000000001',
      branch: 'Head office',
      enabled: true,
    },
  });
  return data<{ id: string }>(res).id;
}

export const staffPost = (who: StaffClient, url: string, payload: object = {}, key = newKey()) =>
  who.call({ method: 'POST', url, payload, headers: { 'idempotency-key': key } });
