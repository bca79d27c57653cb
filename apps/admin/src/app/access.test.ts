import { PERMISSIONS, ROLE_KEYS, ROLES } from '@ampere/contract/admin';
import { describe, expect, it } from 'vitest';
import { allowedRoutes, homePath } from './access';
import { ROUTES } from './routes';

const paths = (permissions: Parameters<typeof allowedRoutes>[1]) =>
  allowedRoutes(ROUTES, permissions).map((route) => route.path);

describe('allowedRoutes', () => {
  const table = [
    { path: '/a', permission: 'users.read' as const },
    { path: '/b', permission: null },
    { path: '/c', permission: 'settings.read' as const },
    { path: '/d', permission: 'staff.manage' as const },
  ];

  it('keeps the routes whose permission the member holds and those open to all, in order', () => {
    expect(allowedRoutes(table, ['settings.read', 'staff.manage']).map((r) => r.path)).toEqual([
      '/b',
      '/c',
      '/d',
    ]);
  });

  it('leaves a member without permissions only the open routes', () => {
    expect(allowedRoutes(table, []).map((r) => r.path)).toEqual(['/b']);
  });
});

describe('the route table', () => {
  it('names each path once, and a real permission for each guarded page', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      if (route.permission !== null) expect(PERMISSIONS).toContain(route.permission);
    }
  });

  it.each(ROLE_KEYS)('opens to %s exactly the pages its permissions allow', (role) => {
    const expected = ROUTES.filter(
      (route) => route.permission === null || ROLES[role].includes(route.permission),
    ).map((route) => route.path);
    expect(paths(ROLES[role])).toEqual(expected);
  });

  it('shows an owner staff and the audit log, and keeps both from support', () => {
    expect(paths(ROLES.owner)).toEqual(expect.arrayContaining(['/', '/staff', '/audit']));
    expect(paths(ROLES.support)).not.toContain('/staff');
    expect(paths(ROLES.support)).not.toContain('/audit');
  });

  it('leaves the account page to every member, and lands every role on the dashboard', () => {
    expect(paths([])).toEqual(['/account']);
    for (const role of ROLE_KEYS) expect(homePath(allowedRoutes(ROUTES, ROLES[role]))).toBe('/');
  });
});
