import { z } from 'zod/mini';

/**
 * Accounts and sessions (docs/accounts.md). Message strings in these schemas are keys of the
 * `validation` namespace, localized by the server.
 */

/** 4–24 characters: letters, digits and `_ . -`, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{3,23}$/;
/** 8–64 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

const required = (key: string) =>
  z.string({ error: key }).check(z.trim(), z.minLength(1, { error: key }));

export const usernameSchema = required('enter_account').check(
  z.regex(USERNAME_PATTERN, {
    error: 'username_rules',
  }),
);

export const newPasswordSchema = z
  .string({ error: 'enter_password' })
  .check(
    z.minLength(1, { error: 'enter_password' }),
    z.minLength(PASSWORD_MIN, { error: 'password_rules' }),
    z.maxLength(PASSWORD_MAX, { error: 'password_rules' }),
    z.regex(/[A-Za-z]/, { error: 'password_rules' }),
    z.regex(/\d/, { error: 'password_rules' }),
  );

/** A password being checked rather than chosen: only bounded, so old hashes still verify. */
const anyPassword = (key: string) =>
  z.string({ error: key }).check(z.minLength(1, { error: key }), z.maxLength(256, { error: key }));

function matching<T extends { password: string; repassword: string }>(schema: z.ZodMiniType<T>) {
  return schema.check(
    z.refine((v) => v.password === v.repassword, {
      error: 'passwords_inconsistent',
      path: ['repassword'],
    }),
  );
}

export const inviteCodeSchema = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9]{4,16}$/, { error: 'invite_code_invalid' }));

export const registerRequestSchema = matching(
  z.strictObject({
    username: usernameSchema,
    password: newPasswordSchema,
    repassword: anyPassword('enter_password_again'),
    invite_code: z.optional(z.union([z.literal(''), inviteCodeSchema])),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  username: required('enter_account').check(z.maxLength(64, { error: 'enter_account' })),
  password: anyPassword('enter_password'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const passwordChangeSchema = matching(
  z.strictObject({
    oldpassword: anyPassword('enter_current_password'),
    password: newPasswordSchema,
    repassword: anyPassword('enter_password_again'),
  }),
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The fund password: 6 digits, like a card PIN; setting it the first time needs no old one. */
export const FUND_PASSWORD_LENGTH = 6;
export const FUND_PASSWORD_PATTERN = new RegExp(`^\\d{${FUND_PASSWORD_LENGTH}}$`);
const fundPassword = z
  .string({ error: 'enter_password' })
  .check(
    z.minLength(1, { error: 'enter_password' }),
    z.regex(FUND_PASSWORD_PATTERN, { error: 'fund_password_rules' }),
  );

export const fundPasswordChangeSchema = matching(
  z.strictObject({
    oldpassword: z.optional(z.string().check(z.maxLength(256))),
    password: fundPassword,
    repassword: anyPassword('enter_password_again'),
  }),
);
export type FundPasswordChange = z.infer<typeof fundPasswordChangeSchema>;

/** Account recovery without e-mail or SMS: username + fund password (docs/accounts.md). */
export const findPasswordSchema = matching(
  z.strictObject({
    username: required('enter_account').check(z.maxLength(64, { error: 'enter_account' })),
    mpassword: anyPassword('enter_fund_password'),
    password: newPasswordSchema,
    repassword: anyPassword('enter_password_again'),
  }),
);
export type FindPasswordRequest = z.infer<typeof findPasswordSchema>;

export const LEVELS = ['ordinary', 'junior', 'intermediate', 'premium'] as const;
export type Level = (typeof LEVELS)[number];

/** SPEC §3 Session user object, as the client stores it. */
export const sessionUserSchema = z.object({
  uid: z.int(),
  username: z.string(),
  /** 1 active, 0 disabled (SPEC §4). */
  status: z.int(),
  level: z.enum(LEVELS),
  /** Whether a fund password is set. */
  fundPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const REALNAME_STATES = ['uncertified', 'review', 'approved', 'declined'] as const;

export const homeSchema = z.object({
  user: sessionUserSchema,
  /** The account's stored score. No rule changes it yet, so the app does not show it. */
  creditScore: z.int(),
  realName: z.enum(REALNAME_STATES),
  inviteCode: z.string(),
  invitedCount: z.int(),
  balances: z.array(
    z.object({
      currency: z.enum(['money', 'usdt']),
      available: z.string(),
      total: z.string(),
    }),
  ),
});
export type Home = z.infer<typeof homeSchema>;

export const qrcodeSchema = z.object({ inviteCode: z.string(), shareUrl: z.string() });
export type Qrcode = z.infer<typeof qrcodeSchema>;

export const isUsedMpwdSchema = z.object({ used: z.boolean() });

export const loginHistorySchema = z.object({
  items: z.array(
    z.object({
      time: z.string(),
      ip: z.nullable(z.string()),
      device: z.nullable(z.string()),
      success: z.boolean(),
    }),
  ),
});
export type LoginHistory = z.infer<typeof loginHistorySchema>;
