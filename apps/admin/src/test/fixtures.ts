import { ROLES, type StaffSession } from '@ampere/contract/admin';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A session as `GET auth/session` answers it. */
export function staffSession(
  overrides: Partial<StaffSession['staff']> & { csrfToken?: string } = {},
): StaffSession {
  const { csrfToken = 'csrf-1', role = 'owner', ...staff } = overrides;
  return {
    staff: {
      id: '1',
      username: 'ann',
      role,
      permissions: [...ROLES[role]],
      mustChangePassword: false,
      ...staff,
    },
    csrfToken,
    idleExpiresAt: inMinutes(30),
    expiresAt: inMinutes(12 * 60),
  };
}
