import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface Seen {
  method: string;
  /** The path under /api/admin/v1/, e.g. `auth/code`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

interface Answer {
  code: number;
  msg?: string;
  data?: unknown;
  status?: number;
}
type Handler = (request: Seen) => Answer;

/**
 * The staff API at the network boundary: `fetch` is replaced, nothing of ours is. Each route
 * answers from a queue (one answer per call, the last repeating) or a function, in the
 * `{code, msg, data}` envelope with the HTTP status the server would use.
 */
export function fakeStaffApi() {
  const routes = new Map<string, Handler[]>();
  const seen: Seen[] = [];

  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const href = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
    const url = new URL(href);
    const prefix = '/api/admin/v1/';
    if (!url.pathname.startsWith(prefix)) throw new TypeError(`unexpected fetch ${href}`);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: Seen = {
      method,
      path: url.pathname.slice(prefix.length),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    seen.push(request);
    const queue = routes.get(`${method} ${request.path}`);
    const handler = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const answer = handler?.(request) ?? { code: 1004, msg: 'No such address', status: 404 };
    return new Response(
      JSON.stringify({ code: answer.code, msg: answer.msg ?? '', data: answer.data ?? null }),
      { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } },
    );
  };

  return {
    seen,
    /** Answers for `METHOD path`, in order; the last one repeats. */
    on(route: string, ...answers: (Answer | Handler)[]) {
      routes.set(
        route,
        answers.map((answer) => (typeof answer === 'function' ? answer : () => answer)),
      );
    },
    install() {
      vi.stubGlobal('fetch', vi.fn(fetchImpl));
    },
    last(route: string): Seen | undefined {
      return seen.filter((request) => `${request.method} ${request.path}` === route).at(-1);
    },
  };
}

export const ok = (data: unknown): Answer => ({ code: 0, msg: 'ok', data });
export const fail = (code: number, msg: string, status = 400): Answer => ({ code, msg, status });
