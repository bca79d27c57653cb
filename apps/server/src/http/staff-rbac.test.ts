import { ROLE_KEYS, ROLES, type Role } from '@ampere/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../test/harness.js';
import { signInStaff, staffUrl, type StaffClient } from '../test/staff.js';

/**
 * The permission matrix, generated from the staff route table: every staff route × every role,
 * a user's token and no session at all, each answered exactly as the route's permission and
 * ROLES say (docs/backoffice.md). The guard decides before a body or parameter is read, so a
 * placeholder request tells allowed from refused.
 */
describe('staff API permissions, from the route table', () => {
  let t: TestApp;
  const clock = testClock();
  const members = new Map<Role, StaffClient>();
  let userToken: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { RATE_LIMIT_PER_MIN: '1000000' } });
    for (const role of ROLE_KEYS)
      members.set(role, await signInStaff(t.app, `rbac-${role}`, role, clock.now));
    userToken = (await signUpThroughApi(t.app, t.database.db, 'rbacuser')).token;
  });
  afterAll(() => t.close());

  const routes = () => t.app.staffRouteTable.filter((r) => !r.public);
  /** The route's URL under the staff API with every `:param` a plausible id. */
  const pathOf = (url: string) => url.replace(/^\/api\/admin\/v1\//, '').replace(/:\w+/g, '1');
  // Refusing actions must not change what the next member sees: sign-outs are last.
  const order = (url: string) => (url.includes('/auth/logout') ? 1 : 0);

  it('names a permission for every route but the two sign-in steps', () => {
    const table = t.app.staffRouteTable;
    expect(
      table
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(['POST /api/admin/v1/auth/code', 'POST /api/admin/v1/auth/password']);
    for (const route of routes())
      expect(route.permission, `${route.method} ${route.url}`).toBeDefined();
    expect(routes().length).toBeGreaterThanOrEqual(10);
  });

  it('answers every route as every role exactly as the table says', async () => {
    const wrong: string[] = [];
    const sorted = [...routes()].sort((a, b) => order(a.url) - order(b.url));
    for (const route of sorted) {
      for (const role of ROLE_KEYS) {
        if (route.url.includes('/auth/logout')) continue; // checked for every role below
        const member = members.get(role);
        if (!member) throw new Error(role);
        const res = await member.call({
          method: route.method,
          url: pathOf(route.url),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = route.permission !== undefined && ROLES[role].includes(route.permission);
        const refused = res.json().code === 403;
        if (allowed === refused)
          wrong.push(
            `${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('opens no route to a user token or to nobody', async () => {
    for (const route of routes()) {
      for (const headers of [{ authorization: `Bearer ${userToken}` }, {}]) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: staffUrl(pathOf(route.url)),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: 401 });
      }
    }
  });

  it('writes every refusal of a signed-in member to the audit log', async () => {
    const support = members.get('support');
    if (!support) throw new Error('support');
    const res = await support.call({ url: 'staff' });
    expect(res.json()).toMatchObject({ code: 403 });
    const auditor = members.get('auditor');
    const log = await auditor?.call({ url: 'audit?action=staff.permission_refused&limit=200' });
    expect(log?.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: 'staff:rbac-support',
          subject: 'route:/api/admin/v1/staff',
          detail: expect.objectContaining({ permission: 'staff.read', role: 'support' }),
        }),
      ]),
    );
  });
});
