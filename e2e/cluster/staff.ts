import { randomUUID } from 'node:crypto';
import {
  ADMIN_API_PREFIX,
  CSRF_HEADER,
  STAFF_SESSION_COOKIE,
  type Role,
} from '@ampere/contract/admin';
import { generate } from 'otplib';
import type { Envelope } from './client.js';
import { ops } from './harness.js';

/** A member of staff signed in over HTTP through the proxy, as the back office is. */
export interface StaffHttpClient {
  username: string;
  /**
   * Calls `/api/admin/v1/<path>`; a POST carries the CSRF header and an Idempotency-Key. A
   * transport error, a 502/503/504 or an unavailable answer is retried with the same key, as the
   * back office's own client would, until `tries` run out (then undefined).
   */
  call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<Envelope<T> | undefined>;
}

const TRANSIENT = new Set([502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Response> {
  return fetch(`${base}${ADMIN_API_PREFIX}/${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

/** A step of the sign-in, retried while nodes come and go. */
async function signInStep<T>(
  base: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ res: Response; body: Envelope<T> }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await request(base, 'POST', path, headers, body);
      if (!TRANSIENT.has(res.status)) return { res, body: (await res.json()) as Envelope<T> };
    } catch (error) {
      if (attempt > 40) throw error;
    }
    await sleep(250);
  }
}

/**
 * Creates a member with the real ops CLI and signs them in through the API: the one-time
 * password, the TOTP enrolment with a code, and the first password change.
 */
export async function staffMember(
  base: string,
  databaseUrl: string,
  role: Role,
  onRetry: () => void = () => undefined,
): Promise<StaffHttpClient> {
  const username = `soak${role}${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const created = JSON.parse(ops(databaseUrl, ['staff:create', username, '--role', role])) as {
    oneTimePassword: string;
  };
  const step1 = await signInStep<{ challenge: string; enrolment: { secret: string } }>(
    base,
    'auth/password',
    { username, password: created.oneTimePassword },
  );
  if (step1.body.code !== 0) throw new Error(`staff password: ${JSON.stringify(step1.body)}`);
  const { challenge, enrolment } = step1.body.data;
  const step2 = await signInStep<{ csrfToken: string }>(base, 'auth/code', {
    challenge,
    code: await generate({ secret: enrolment.secret }),
  });
  if (step2.body.code !== 0) throw new Error(`staff code: ${JSON.stringify(step2.body)}`);
  const cookie = step2.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!cookie) throw new Error('staff sign-in set no session cookie');
  const csrf = step2.body.data.csrfToken;
  const changed = await signInStep(
    base,
    'auth/password-change',
    { current: created.oneTimePassword, password: 'Soakstaff1', repassword: 'Soakstaff1' },
    { cookie, [CSRF_HEADER]: csrf },
  );
  if (changed.body.code !== 0) throw new Error(`staff password change: ${JSON.stringify(changed)}`);

  return {
    username,
    async call<T>(method: 'GET' | 'POST', path: string, body?: object) {
      const headers: Record<string, string> = { cookie };
      if (method === 'POST') {
        headers[CSRF_HEADER] = csrf;
        headers['idempotency-key'] = randomUUID();
      }
      for (let attempt = 0; attempt < 40; attempt++) {
        try {
          const res = await request(
            base,
            method,
            path,
            headers,
            body ?? (method === 'POST' ? {} : undefined),
          );
          if (res.status === 429) {
            // Rate limited (the desk polls as fast as the nodes answer): wait as told, same key.
            await sleep(1_000 * Math.max(1, Number(res.headers.get('retry-after')) || 1));
            continue;
          }
          if (!TRANSIENT.has(res.status)) {
            const answer = (await res.json()) as Envelope<T>;
            if (answer.code !== 9000 && answer.code !== 9003) return answer;
          }
        } catch {
          // the node went away mid-request: the same key again
        }
        onRetry();
        await sleep(100 + attempt * 20);
      }
      return undefined;
    },
  };
}
