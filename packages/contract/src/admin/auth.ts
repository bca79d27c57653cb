import { z } from 'zod/mini';
import { newPasswordSchema, usernameSchema } from '../account.js';
import { roleSchema, permissionSchema } from './permissions.js';

/** The staff API (docs/backoffice.md): same envelope and error codes as the user API. */
export const ADMIN_API_PREFIX = '/api/admin/v1';
/** The staff session cookie: httpOnly, SameSite=Strict, Secure when served over HTTPS. */
export const STAFF_SESSION_COOKIE = 'ampere_staff';
/** Every state-changing staff call carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-csrf-token';
/** A staff session ends after this long without a request, and this long after sign-in. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_MAX_MS = 12 * 3600_000;

const required = (key: string, max = 256) =>
  z.string({ error: key }).check(z.minLength(1, { error: key }), z.maxLength(max, { error: key }));

/** Step 1 of a staff sign-in: name and password. */
export const staffPasswordStepSchema = z.strictObject({
  username: required('enter_account', 64),
  password: required('enter_password'),
});
export type StaffPasswordStep = z.infer<typeof staffPasswordStepSchema>;

/**
 * What step 1 answers: a one-use challenge for step 2 (valid 5 minutes) and, when the member
 * has no second factor yet, the secret to enrol (shown once, as a QR code and as text).
 */
export const staffChallengeSchema = z.object({
  challenge: z.string(),
  expiresAt: z.iso.datetime(),
  enrolment: z.nullable(z.object({ secret: z.string(), otpauthUri: z.string() })),
});
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

/** Six digits from the authenticator app (RFC 6238, 30 s steps). */
export const totpCodeSchema = z
  .string({ error: 'totp_code' })
  .check(z.trim(), z.regex(/^\d{6}$/, { error: 'totp_code' }));

/** Step 2: the challenge and the current code; opens the session (cookie). */
export const staffCodeStepSchema = z.strictObject({
  challenge: required('totp_code', 128),
  code: totpCodeSchema,
});
export type StaffCodeStep = z.infer<typeof staffCodeStepSchema>;

export const staffProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  /** Signed in with a one-time password: only the password change is open until it is done. */
  mustChangePassword: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** The signed-in member, the CSRF token for state-changing calls and when the session ends. */
export const staffSessionSchema = z.object({
  staff: staffProfileSchema,
  csrfToken: z.string(),
  idleExpiresAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffPasswordChangeSchema = z
  .strictObject({
    current: required('enter_current_password'),
    password: newPasswordSchema,
    repassword: required('enter_password_again'),
  })
  .check(
    z.refine((v) => v.password === v.repassword, {
      error: 'passwords_inconsistent',
      path: ['repassword'],
    }),
  );
export type StaffPasswordChange = z.infer<typeof staffPasswordChangeSchema>;

export const staffUsernameSchema = usernameSchema;
