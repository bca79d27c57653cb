import { CLIENT_ERRORS, ERRORS } from '@ampere/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, createApi, fileNameFromDisposition } from '@ampere/client';
import { exportStatement, statementFileName } from './exportStatement';
import type { ExportOptions } from './exportStatement';
import type { StatementFilters } from './wallet';

interface Saved {
  file: Blob;
  fileName: string;
}

/** The real request client over a fake network answering `response`. */
function setup(response: () => Response | Promise<Response>, token: string | null = 'tok') {
  const requests: { url: URL; headers: Headers }[] = [];
  const saved: Saved[] = [];
  const renewed: string[] = [];
  const unauthorized: (string | undefined)[] = [];
  const api = createApi({
    baseUrl: 'http://app.test/api/v1/',
    getToken: () => token ?? undefined,
    getLanguage: () => 'zh-Hans',
    setToken: (next) => renewed.push(next),
    onUnauthorized: (msg) => unauthorized.push(msg),
    fetchImpl: async (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      requests.push({ url: new URL(url), headers: new Headers(init?.headers) });
      return response();
    },
  });
  const options: ExportOptions = {
    now: () => new Date(2024, 5, 9, 12),
    save: (file, fileName) => saved.push({ file, fileName }),
  };
  const run = (filters: StatementFilters) => exportStatement(api, filters, options);
  return { run, requests, saved, renewed, unauthorized };
}

const csv =
  'time,kind,currency,amount,balance_after\n2024-06-01T08:00:00Z,adjustment_credit,money,100.00,100.00\n';

describe('exportStatement', () => {
  it('downloads the CSV for the current filters, signed in and in the user’s language', async () => {
    const { run, requests, saved } = setup(
      () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    const name = await run({ currency: 'money', from: '2024-06-01' });
    expect(name).toBe('ampere-statement-20240609.csv');
    const { url, headers } = requests[0]!;
    expect(url.pathname).toBe('/api/v1/user/financialRecords/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currency: 'money',
      from: '2024-06-01',
      tz: String(-new Date().getTimezoneOffset()),
      lang: 'zh-Hans',
    });
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('language')).toBe('zh-Hans');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileName).toBe('ampere-statement-20240609.csv');
    expect(await saved[0]!.file.text()).toBe(csv);
  });

  it('keeps the name the server gave the file, and adopts a renewed token', async () => {
    const { run, saved, renewed } = setup(
      () =>
        new Response(csv, {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="ampere-statement-20240601.csv"',
            Authorization: 'Bearer fresh',
          },
        }),
    );
    await run({});
    expect(saved[0]!.fileName).toBe('ampere-statement-20240601.csv');
    expect(renewed).toEqual(['fresh']);
  });

  it('turns a refusal envelope into an ApiError with the server’s words, saving nothing', async () => {
    const { run, saved } = setup(() =>
      Response.json(
        { code: ERRORS.VALIDATION_FAILED.code, msg: '请缩小日期范围', data: null },
        { status: 400 },
      ),
    );
    const error = await run({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, msg: '请缩小日期范围' });
    expect(saved).toEqual([]);
  });

  it('reports a network failure as a request failure', async () => {
    const { run } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(run({})).rejects.toMatchObject({
      code: CLIENT_ERRORS.REQUEST_FAILED,
    });
  });

  it('signs the user out on a 401, like every other request', async () => {
    const { run, saved, unauthorized } = setup(() =>
      Response.json({ code: 401, msg: '您已离线，请重新登录', data: null }, { status: 401 }),
    );
    await expect(run({})).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toEqual(['您已离线，请重新登录']);
    expect(saved).toEqual([]);
  });

  it('sends no Authorization header without a session', async () => {
    const { run, requests } = setup(
      () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
      null,
    );
    await run({});
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });
});

describe('statement file names', () => {
  it('are dated by the local day', () => {
    expect(statementFileName(new Date(2024, 0, 2, 23, 30))).toBe('ampere-statement-20240102.csv');
  });

  it('come from Content-Disposition only when plain and safe', () => {
    expect(fileNameFromDisposition('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameFromDisposition('attachment; filename=a.csv')).toBe('a.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBeUndefined();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a.csv")).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
