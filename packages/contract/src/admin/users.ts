import { z } from 'zod/mini';
import { LEVELS } from '../account.js';
import { symbolSchema } from '../market.js';
import { currencyKeySchema } from '../money.js';
import { idParam, intField, intParam, textParam } from '../params.js';
import { practiceAccountSchema } from '../practice.js';
import { bookSchema, ORDER_PAGE_MAX, ORDER_STATUSES } from '../trading.js';
import { balanceSchema } from '../wallet.js';
import { STAFF_TEXT } from './adjustments.js';

/**
 * The back office's Users area (issue #13): search, a user's profile, balances, statement,
 * orders, sign-ins and referrals, and the staff actions on an account. Users are named by their
 * public `uid` (the number the app shows), never by the internal id.
 */

export const USER_STATUSES = ['active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Member levels 0–3; `LEVELS[level]` is the label's key (Ordinary, Junior, Intermediate, Premium). */
export const USER_LEVEL_MAX = LEVELS.length - 1;
export const levelNameSchema = z.enum(LEVELS);

/** Which field a search looks at; absent: uid, username and invite code at once. */
export const USER_SEARCH_FIELDS = ['uid', 'username', 'inviteCode'] as const;
export const USER_SEARCH_MATCHES = ['exact', 'prefix'] as const;
export const USER_PAGE_MAX = 100;
export const USER_PAGE_DEFAULT = 20;

/** A user in a list: search results and referrals. */
export const userSummarySchema = z.object({
  uid: z.string(),
  username: z.string(),
  status: userStatusSchema,
  level: z.int().check(z.minimum(0), z.maximum(USER_LEVEL_MAX)),
  levelName: levelNameSchema,
  inviteCode: z.string(),
  createdAt: z.iso.datetime(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET users: newest first; without `q`, every user. */
export const userSearchQuerySchema = z.strictObject({
  /** A uid, a username or an invite code (case-insensitive), whole or its beginning. */
  q: z.optional(textParam(64).check(z.trim(), z.minLength(1))),
  by: z.optional(z.enum(USER_SEARCH_FIELDS)),
  match: z._default(z.enum(USER_SEARCH_MATCHES), 'prefix'),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, USER_PAGE_MAX), USER_PAGE_DEFAULT),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

export const userListSchema = z.object({
  items: z.array(userSummarySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type UserList = z.infer<typeof userListSchema>;

/** GET users/:uid/referrals: the accounts this user referred, newest first. */
export const userPageQuerySchema = z.strictObject({
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, USER_PAGE_MAX), USER_PAGE_DEFAULT),
});

export const userUidParams = z.strictObject({ uid: idParam });

/** GET users/:uid: the profile, balances per currency and purpose, and how many it referred. */
export const userDetailSchema = z.object({
  user: z.extend(userSummarySchema, {
    referrer: z.nullable(z.object({ uid: z.string(), username: z.string() })),
    fundPasswordSet: z.boolean(),
    creditScore: z.int(),
    /** The level staff set (0: none): the thresholds never take the user below it. */
    levelFloor: z.int().check(z.minimum(0), z.maximum(USER_LEVEL_MAX)),
  }),
  /** available; frozen: in_order, withdraw_hold, earn_principal; total — as the user sees it. */
  balances: balanceSchema,
  counts: z.object({ referrals: z.int() }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET users/:uid/orders: every order of the user (open and settled), newest first. */
export const userOrdersQuerySchema = z.strictObject({
  status: z.optional(z.enum(ORDER_STATUSES)),
  currency: z.optional(currencyKeySchema),
  /** `practice`: the practice book's orders, listed apart from real ones. Default `real`. */
  book: z._default(bookSchema, 'real'),
  symbol: z.optional(symbolSchema),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, ORDER_PAGE_MAX), 20),
});
export type UserOrdersQuery = z.infer<typeof userOrdersQuerySchema>;

/**
 * GET users/:uid/practice: the user's practice book and its trading, apart from real money
 * (never in balances, levels, exposure, reports or statements). `account` is null until the
 * user first opens Practice.
 */
export const userPracticeSchema = z.object({
  account: z.nullable(practiceAccountSchema),
  orders: z.object({
    total: z.int(),
    open: z.int(),
    won: z.int(),
    lost: z.int(),
    /** Σ stakes and Σ (payout − stake) of settled practice orders, in practice USDT. */
    staked: z.string(),
    net: z.string(),
  }),
});
export type UserPractice = z.infer<typeof userPracticeSchema>;

/** An optional word on why, kept in the audit log. */
const staffNote = z.optional(z.string().check(z.trim(), z.maxLength(500), z.regex(STAFF_TEXT)));

/** POST users/:uid/status: disable (every session ends at once) or enable. */
export const userStatusChangeSchema = z.strictObject({
  status: userStatusSchema,
  reason: staffNote,
});
export type UserStatusChange = z.infer<typeof userStatusChangeSchema>;

/** POST users/:uid/level. */
export const userLevelChangeSchema = z.strictObject({
  level: intField(0, USER_LEVEL_MAX),
  reason: staffNote,
});
export type UserLevelChange = z.infer<typeof userLevelChangeSchema>;

/** POST users/:uid/password-reset. */
export const userPasswordResetSchema = z.strictObject({ reason: staffNote });

/**
 * A forced password reset's answer: the temporary password, shown once to the member, who
 * relays it through a verified channel; it is never stored, and every session has ended.
 */
export const userPasswordResetResultSchema = z.object({
  user: userSummarySchema,
  temporaryPassword: z.string(),
});
export type UserPasswordResetResult = z.infer<typeof userPasswordResetResultSchema>;
