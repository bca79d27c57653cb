import {
  ADMIN_API_PREFIX,
  CSRF_HEADER,
  STAFF_SESSION_COOKIE,
  type Role,
} from '@ampere/contract/admin';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';

/** A signed-in member of staff, and how to call the staff API as them. */
export interface StaffClient {
  id: string;
  username: string;
  role: Role;
  cookie: string;
  csrf: string;
  /** Calls `/api/admin/v1/<path>` with the session cookie (and the CSRF header on POST). */
  call(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

/** The TOTP code of `secret` at `at`. */
export const totpCode = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

export const staffUrl = (path: string) => `${ADMIN_API_PREFIX}/${path.replace(/^\//, '')}`;

/** The session cookie an answer set, as a request's Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${STAFF_SESSION_COOKIE}=${cookie.value}`;
}

/**
 * A member made as `ops staff:create` makes one, signed in through the API with a TOTP code
 * (enrolling the secret), their one-time password changed to `Staffpass1`. Each member's
 * second factor takes one code per 30 s step: sign the same member in again only later.
 */
export async function signInStaff(
  app: FastifyInstance,
  username: string,
  role: Role,
  now: () => Date = () => new Date(),
): Promise<StaffClient & { secret: string }> {
  const created = await app.services.staff.createFromCli({ actor: 'ops:test' }, username, role);
  const step1 = await app.inject({
    method: 'POST',
    url: staffUrl('auth/password'),
    payload: { username, password: created.oneTimePassword },
  });
  const { challenge, enrolment } = step1.json<{
    data: { challenge: string; enrolment: { secret: string } };
  }>().data;
  const step2 = await app.inject({
    method: 'POST',
    url: staffUrl('auth/code'),
    payload: { challenge, code: await totpCode(enrolment.secret, now()) },
  });
  const session = step2.json<{ code: number; data: { csrfToken: string } }>();
  if (session.code !== 0) throw new Error(`sign-in refused: ${step2.body}`);
  const cookie = sessionCookie(step2);
  const csrf = session.data.csrfToken;
  const call = (opts: InjectOptions & { url: string }) =>
    app.inject({
      ...opts,
      url: staffUrl(opts.url),
      headers: {
        cookie,
        ...(opts.method && opts.method !== 'GET' ? { [CSRF_HEADER]: csrf } : {}),
        ...opts.headers,
      },
    });
  const changed = await call({
    method: 'POST',
    url: 'auth/password-change',
    payload: { current: created.oneTimePassword, password: 'Staffpass1', repassword: 'Staffpass1' },
  });
  if (changed.json<{ code: number }>().code !== 0)
    throw new Error(`password change refused: ${changed.body}`);
  return { id: created.staff.id, username, role, cookie, csrf, call, secret: enrolment.secret };
}
