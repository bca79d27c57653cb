import { z } from 'zod/mini';
import { usernameSchema } from '../account.js';
import { idParam } from '../params.js';
import { roleSchema } from './permissions.js';

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export const staffStatusSchema = z.enum(STAFF_STATUSES);

export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: roleSchema,
  status: staffStatusSchema,
  /** Whether the second factor is enrolled (it is at every sign-in once it is). */
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.iso.datetime(),
  createdBy: z.nullable(z.string()),
  lastSignInAt: z.nullable(z.iso.datetime()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });

export const staffCreateSchema = z.strictObject({
  username: usernameSchema,
  role: roleSchema,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** A new member, or a reset: the one-time password is shown once and never stored. */
export const staffCreatedSchema = z.object({
  staff: staffMemberSchema,
  oneTimePassword: z.string(),
});

export const staffIdParams = z.strictObject({ id: idParam });

export const staffRoleChangeSchema = z.strictObject({ role: roleSchema });
export const staffStatusChangeSchema = z.strictObject({ status: staffStatusSchema });
