import { z } from 'zod/mini';

/**
 * The back office's permissions: one per action (docs/backoffice.md). Staff routes name the one
 * they need in their route options; the staff guard checks it, never a handler.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'staff.read',
  'staff.manage',
  'audit.read',
  'audit.verify',
  'users.read',
  'users.manage',
  'users.level',
  'adjustments.read',
  'adjustments.request',
  'adjustments.approve',
  'settings.read',
  'settings.funding',
  'settings.products',
  'settings.levels',
  'kyc.read',
  'kyc.review',
  'kyc.settings',
  'funding.read',
  'funding.review',
  'funding.pay',
  'funding.settings',
  'funding.rates',
  'earn.read',
  'earn.products',
  'content.read',
  'content.manage',
  'access.read',
  'access.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

export const ROLE_KEYS = ['owner', 'finance', 'compliance', 'support', 'risk', 'auditor'] as const;
export type Role = (typeof ROLE_KEYS)[number];
export const roleSchema = z.enum(ROLE_KEYS);

const READ_ALL = PERMISSIONS.filter((p) => p.endsWith('.read'));

/**
 * Roles as sets of permissions — the one table (least privilege). `owner` runs staff and roles;
 * money moves only with two `finance` members (one requests, another approves); nothing here,
 * or anywhere, decides a trade's outcome.
 */
export const ROLES: Record<Role, readonly Permission[]> = {
  owner: ['dashboard.read', 'staff.read', 'staff.manage', 'audit.read', 'audit.verify'],
  finance: [
    'dashboard.read',
    'users.read',
    'adjustments.read',
    'adjustments.request',
    'adjustments.approve',
    'settings.read',
    'settings.funding',
    'funding.read',
    'funding.review',
    'funding.pay',
    'funding.settings',
    'funding.rates',
    'earn.read',
    'earn.products',
  ],
  compliance: [
    'dashboard.read',
    'users.read',
    'users.manage',
    'audit.read',
    'kyc.read',
    'kyc.review',
    'kyc.settings',
  ],
  support: [
    'dashboard.read',
    'users.read',
    'users.manage',
    'users.level',
    'adjustments.read',
    'adjustments.request',
    'settings.read',
    'content.read',
    'content.manage',
    'access.read',
    'access.manage',
  ],
  risk: [
    'dashboard.read',
    'users.read',
    'settings.read',
    'settings.products',
    'settings.levels',
    'earn.read',
    'earn.products',
    'access.read',
    'access.manage',
  ],
  auditor: [...READ_ALL, 'audit.verify'],
};

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLES[role];
}

export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLES[role].includes(permission);
}
