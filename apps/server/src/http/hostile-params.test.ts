import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { signInStaff } from '../test/staff.js';

/**
 * Issue #23: ids and cursors above int8, impossible dates and loose numbers answered 500/9000.
 * This walks the OpenAPI document and sends hostile values to every parameter of every GET,
 * one at a time with the others valid, signed in and not: no answer may be a 5xx, and every
 * answer is the envelope with a message and no stack.
 */
const HOSTILE = [
  '9223372036854775808', // int8 max + 1
  '9223372036854775807',
  '99999999999999999999',
  '9999999999999999999',
  '-1',
  '0',
  '-0',
  '0x1e',
  '0b1',
  '0o7',
  '1e3',
  ' 30 ',
  '30 ',
  '',
  'NaN',
  'Infinity',
  '1.5',
  '2024-99-99',
  '2024-13-45',
  '2024-02-30',
  '0000-00-00',
  'x'.repeat(5_000),
  '%00',
  '\u0000',
  '漢字🙂',
  "' or 1=1 --",
  '../../etc/passwd',
];

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: { enum?: string[]; pattern?: string };
}

/** A value the parameter accepts, from its schema: the walk varies one parameter at a time. */
function validValue(p: Parameter): string {
  const { schema } = p;
  if (schema?.enum?.[0]) return schema.enum[0];
  const pattern = schema?.pattern ?? '';
  if (pattern.includes('\\/')) return 'BTC/USDT';
  if (pattern.includes('{4}-')) return '2026-01-01';
  if (p.name === 'lang') return 'en-US';
  return '1';
}

const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'code' in body &&
  typeof body.code === 'number' &&
  'msg' in body &&
  typeof body.msg === 'string' &&
  body.msg.length > 0 &&
  'data' in body;

describe('hostile parameters on every GET of the OpenAPI document', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MIN: '1000000' } });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'hostile', password: 'Secret123', repassword: 'Secret123' },
    });
    token = reg.json().data.token as string;
    await t.app.services.market.recordTick('BTC/USDT', Date.now(), 9_700_000n, 2);
  });
  afterAll(() => t.close());

  /**
   * Sends hostile values to every parameter of every GET under `prefix` in the document at
   * `docUrl`, once per way of calling (`headers`); what went wrong, what was visited, how many.
   */
  async function walk(docUrl: string, prefix: string, callers: Record<string, string>[]) {
    const doc = (await t.app.inject({ url: docUrl })).json<{
      paths: Record<string, { get?: { parameters?: Parameter[] } }>;
    }>();
    const gets = Object.entries(doc.paths).filter(
      ([path, ops]) => ops.get && path.startsWith(prefix),
    );
    const visited = new Set<string>();
    const failures: string[] = [];
    let sent = 0;

    for (const [path, ops] of gets) {
      const params = (ops.get?.parameters ?? []).filter((p) => p.in !== 'header');
      for (const target of params) {
        const cases = [
          ...HOSTILE.map((v) => [[target.name, v]] as [string, string][]),
          // The same key twice: frameworks turn it into an array.
          [
            [target.name, validValue(target)],
            [target.name, validValue(target)],
          ] as [string, string][],
        ];
        for (const hostile of cases) {
          let url = path;
          const query = new URLSearchParams();
          for (const p of params.filter((q) => q.name !== target.name && q.required)) {
            if (p.in === 'path') url = url.replace(`{${p.name}}`, validValue(p));
            else query.append(p.name, validValue(p));
          }
          for (const [name, value] of hostile) {
            if (target.in === 'path') url = url.replace(`{${name}}`, encodeURIComponent(value));
            else query.append(name, value);
          }
          for (const headers of callers) {
            const res = await t.app.inject({ url: `${url}?${query.toString()}`, headers });
            sent++;
            visited.add(path);
            const body: unknown = String(res.headers['content-type']).includes('json')
              ? res.json()
              : res.body;
            const problem =
              res.statusCode >= 500
                ? `${res.statusCode}`
                : res.statusCode >= 400 && !isEnvelope(body)
                  ? 'not the envelope'
                  : /\bat .+\.(?:ts|js):\d+/.test(res.body)
                    ? 'a stack trace'
                    : undefined;
            if (problem) {
              failures.push(`${path} ${target.name}=${JSON.stringify(hostile)}: ${problem}`);
            }
          }
        }
      }
    }
    const withParams = gets.filter(([, ops]) => (ops.get?.parameters ?? []).length > 0);
    return {
      failures,
      visited: [...visited].sort(),
      withParams: withParams.map(([p]) => p).sort(),
      sent,
    };
  }

  it('answers every one with a 4xx or 2xx envelope, never a 5xx', async () => {
    const walked = await walk('/api/v1/openapi.json', '/api/v1/', [
      { authorization: `Bearer ${token}` },
      {},
    ]);
    expect(walked.failures).toEqual([]);
    // The walk covered the whole document: every GET with parameters, and a lot of requests.
    expect(walked.visited).toEqual(walked.withParams);
    expect(walked.withParams.length).toBeGreaterThanOrEqual(18);
    expect(walked.sent).toBeGreaterThan(2_000);
  }, 300_000); // ≈ 2,500 requests: a minute alone, more beside other files

  it('does the same on the staff API, as a member who may read everything and as nobody', async () => {
    const auditor = await signInStaff(t.app, 'hostileauditor', 'auditor');
    const walked = await walk('/api/admin/v1/openapi.json', '/api/admin/v1/', [
      { cookie: auditor.cookie },
      {},
    ]);
    expect(walked.failures).toEqual([]);
    expect(walked.visited).toEqual(walked.withParams);
    expect(walked.withParams.length).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('refuses loose numbers in the buy form and the limits, and still takes plain ones', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const buy = (period: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/buy',
        headers: {
          ...auth,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `k-${period.length}-${Math.random()}`,
        },
        payload: `symbol=BTC%2FUSDT&direction=up&amount=10&currency=money&period=${encodeURIComponent(period)}`,
      });
    for (const period of ['0x1e', '30 ', ' 30', '3e1', '+30', '030', '']) {
      const res = await buy(period);
      expect(res.statusCode, period).toBe(400);
      expect(res.json().data.issues[0].field, period).toBe('period');
    }
    const records = (tz: string) =>
      t.app.inject({ url: `/api/v1/user/financialRecords?tz=${tz}`, headers: auth });
    for (const tz of ['0x10', '0b1', '', '1e2', ' 480']) {
      const res = await records(encodeURIComponent(tz));
      expect(res.statusCode, tz).toBe(400);
      expect(res.json().data.issues[0]).toMatchObject({ field: 'tz' });
    }
    for (const tz of ['480', '-300', '0']) expect((await records(tz)).statusCode, tz).toBe(200);
    const zh = await t.app.inject({
      url: '/api/v1/user/financialRecords?tz=0x10&lang=zh-Hans',
      headers: auth,
    });
    expect(zh.json().msg).toContain('整数');
    // A plain period goes past validation (the answer is the trading rules', not a field error).
    const plain = await buy('30');
    expect(plain.json().data?.issues).toBeUndefined();
  });
});
