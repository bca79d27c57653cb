import { z } from 'zod/mini';
import { LOCALE_KEYS } from './locales.js';
import { currencyKeySchema } from './money.js';
import { APP_VERSION, APP_VERSION_CODE } from './version.js';

export const localeKeySchema = z.enum(LOCALE_KEYS);

/** GET common/base — the config the client loads at launch (SPEC §3, §4, §9). */
export const baseConfigSchema = z.object({
  appName: z.string(),
  version: z.literal(APP_VERSION),
  versionCode: z.literal(APP_VERSION_CODE),
  /** Socket address the client connects to (SPEC §7). */
  wss: z.string(),
  /** Default language for a client that has not chosen one. */
  language: localeKeySchema,
  /** Where a disabled user (status 0) is sent (SPEC §4). */
  Black_run: z.string(),
  rechargeOpen: z.boolean(),
  withdrawOpen: z.boolean(),
  /**
   * While recharge (withdrawal) is closed: the operator's tip in the caller's language, or
   * English; absent when the operator wrote none, and the app shows its own text.
   */
  rechargeCloseTip: z.optional(z.string()),
  withdrawCloseTip: z.optional(z.string()),
  currencies: z.array(z.object({ key: currencyKeySchema, name: z.enum(['CNY', 'USDT']) })),
  /** Server clock in epoch milliseconds, so the client can correct countdowns. */
  serverTime: z.int(),
  /** True while prices come from the simulated feed; the UI labels them "Simulated". */
  feedSimulated: z.boolean(),
  /**
   * The Ed25519 key chain heads are signed with: base64 of the raw 32-byte public key
   * (docs/market.md). A head saved with its signature proves any later rewrite of the chain.
   */
  chainPublicKey: z.string(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * GET common/userServiceAgreement: the version in force now (docs/content.md, Agreement
 * versions), in the caller's language or English.
 */
export const agreementSchema = z.object({
  title: z.string(),
  /** Allow-listed rich text (HTML), sanitized like an announcement's body. */
  body: z.string(),
  locale: localeKeySchema,
  /** When this version took effect (ISO time). */
  updatedAt: z.string(),
  /** The version number: 1 is the shipped agreement, each one staff publish the next. */
  version: z.int().check(z.minimum(1)),
});
export type Agreement = z.infer<typeof agreementSchema>;

/**
 * What a refusal for a restriction carries in `data` (2004 account disabled, 2011 address
 * blocked): where to send the user, config `Black_run` (SPEC §4).
 */
export const restrictionSchema = z.object({ redirect: z.string() });
export type Restriction = z.infer<typeof restrictionSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
