import { z } from 'zod/mini';
import { idParam, intField, intParam } from '../params.js';

/**
 * Access restriction in the back office (docs/content.md, Access restriction): address blocks
 * and where restricted users are sent (`Black_run`). Read with `access.read`, changed with
 * `access.manage` (support, risk); every change audited.
 */

export const ACCESS_LIMITS = {
  /** Active blocks at once: each is checked on every user request. */
  maxActiveBlocks: 5_000,
  note: 500,
  /** The widest range one block may cover: a /8 of IPv4, a /16 of IPv6. */
  minPrefixV4: 8,
  minPrefixV6: 16,
} as const;

/** The latest time a form may name (9999-12-31T23:59:59Z), in epoch ms. */
const EPOCH_MS_MAX = 253_402_300_799_000;

/** POST access/blocks: an address or CIDR range, why, and optionally until when. */
export const addressBlockChangeSchema = z.strictObject({
  /** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`; normalised by the server. */
  cidr: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  note: z.string().check(z.trim(), z.minLength(1), z.maxLength(ACCESS_LIMITS.note)),
  /** Epoch ms; null: until removed. */
  expiresAt: z.nullable(intField(0, EPOCH_MS_MAX)),
});
export type AddressBlockChange = z.infer<typeof addressBlockChangeSchema>;

export const ADDRESS_BLOCK_STATES = ['active', 'expired', 'removed'] as const;
export type AddressBlockState = (typeof ADDRESS_BLOCK_STATES)[number];

export const addressBlockSchema = z.object({
  id: z.string(),
  /** The range in its canonical form (`203.0.113.0/24`; a single address as `/32` or `/128`). */
  cidr: z.string(),
  family: z.enum(['ipv4', 'ipv6']),
  /** How many addresses it covers, as a decimal string (IPv6 ranges exceed any number). */
  size: z.string(),
  note: z.string(),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  state: z.enum(ADDRESS_BLOCK_STATES),
  removedAt: z.nullable(z.string()),
  removedBy: z.nullable(z.string()),
});
export type AddressBlock = z.infer<typeof addressBlockSchema>;

/** GET access/blocks: active ones (`state=active`) or the history (`state=past`), newest first. */
export const addressBlockQuerySchema = z.strictObject({
  state: z._default(z.enum(['active', 'past']), 'active'),
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, 200), 50),
});
export type AddressBlockQuery = z.infer<typeof addressBlockQuerySchema>;

export const addressBlockListSchema = z.object({
  items: z.array(addressBlockSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.nullable(z.string()),
  /** Active blocks in all (the limit is ACCESS_LIMITS.maxActiveBlocks). */
  active: z.int(),
});
export type AddressBlockList = z.infer<typeof addressBlockListSchema>;

export const addressBlockIdParams = z.strictObject({ id: idParam });

/** GET access/settings: where restricted users are sent. */
export const accessSettingsSchema = z.object({
  /** The operator's address; empty means the app's own restricted page. */
  blackRunUrl: z.string(),
  /** What `common/base` answers as `Black_run` for this request's origin. */
  effectiveUrl: z.string(),
});
export type AccessSettings = z.infer<typeof accessSettingsSchema>;

/** POST access/settings: empty, or an http(s) address (checked by the server: 7436). */
export const accessSettingsChangeSchema = z.strictObject({
  blackRunUrl: z.string().check(z.trim(), z.maxLength(2048)),
});
export type AccessSettingsChange = z.infer<typeof accessSettingsChangeSchema>;
