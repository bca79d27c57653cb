import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

/** A little API client for the cluster tests: the envelope, form bodies, bearer tokens. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export async function call<T = unknown>(
  base: string,
  route: string,
  opts: { token?: string; form?: Record<string, string>; idempotencyKey?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${base}/api/v1/${route}`, {
    method: opts.form ? 'POST' : 'GET',
    headers,
    body,
  });
  return (await res.json()) as Envelope<T>;
}

/** Signs a new user up; resolves their username and session token. */
export async function signUp(base: string): Promise<{ username: string; token: string }> {
  const username = `cl${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const r = await call<{ token: string }>(base, 'user/register', {
    form: { username, password: 'Cluster-pass-1', repassword: 'Cluster-pass-1' },
  });
  if (r.code !== 0 || !r.data.token) throw new Error(`register: ${JSON.stringify(r)}`);
  return { username, token: r.data.token };
}

export interface SocketFeed {
  messages: { ch?: string; data?: unknown }[];
  /** Resolves the first message on `ch` that `match` accepts (rejects after `timeoutMs`). */
  waitFor<T>(ch: string, match: (data: T) => boolean, timeoutMs: number): Promise<T>;
  /** Resolves the close code once the socket closes (either side). */
  closed: Promise<number>;
  close(): void;
}

/** A signed-in socket (`/api/v1/ws?token=`) subscribed to `channels`. */
export async function openSocket(
  base: string,
  token: string,
  channels: readonly string[],
): Promise<SocketFeed> {
  const ws = new WebSocket(
    `${base.replace(/^http/, 'ws')}/api/v1/ws?uid=1&timestamp=${Date.now()}&token=${token}`,
  );
  const messages: SocketFeed['messages'] = [];
  const closed = new Promise<number>((resolve) => {
    ws.once('close', (code: number) => {
      resolve(code);
    });
  });
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as never));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  for (const ch of channels) ws.send(JSON.stringify({ event: 'sub', data: { ch } }));
  // Let the subscriptions reach Redis before anything is published.
  await new Promise((r) => setTimeout(r, 500));
  return {
    messages,
    closed,
    async waitFor<T>(ch: string, match: (data: T) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = messages.find((m) => m.ch === ch && match(m.data as T));
        if (hit) return hit.data as T;
        if (Date.now() > deadline) {
          throw new Error(`no ${ch} message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => {
      ws.close();
    },
  };
}
