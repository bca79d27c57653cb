import { z } from 'zod/mini';
import { LEVELS } from './account.js';

/**
 * GET user/level (docs/backoffice.md, Member levels): the user's level, their cumulative
 * progress per currency and what the next level needs. Amounts are decimal strings in each
 * currency's scale.
 */

const currency = z.enum(['money', 'usdt']);
const amount = z
  .string()
  .check(z.describe('decimal string in the currency’s scale, e.g. "1234.50"'));

/** One currency's cumulative traded volume and confirmed deposits. */
export const levelProgressSchema = z.object({
  currency,
  volume: amount,
  deposits: amount,
});
export type LevelProgress = z.infer<typeof levelProgressSchema>;

/**
 * What the next level needs in one currency: its thresholds and what is still missing (0 when
 * met). The next level is reached when both are met in any one currency.
 */
export const levelNeedSchema = z.object({
  currency,
  volume: amount,
  deposits: amount,
  volumeMissing: amount,
  depositsMissing: amount,
});
export type LevelNeed = z.infer<typeof levelNeedSchema>;

export const userLevelSchema = z.object({
  /** 0 Ordinary … 3 Premium: the level in force. */
  level: z.int().check(z.minimum(0), z.maximum(LEVELS.length - 1)),
  /** The label's key. */
  key: z.enum(LEVELS),
  /** A level staff set by hand: the user is never below it (0: none). */
  floor: z.int().check(z.minimum(0), z.maximum(LEVELS.length - 1)),
  progress: z.array(levelProgressSchema),
  /** The next level and what it needs; null at Premium. */
  next: z.nullable(
    z.object({
      level: z.int().check(z.minimum(1), z.maximum(LEVELS.length - 1)),
      key: z.enum(LEVELS),
      needs: z.array(levelNeedSchema),
    }),
  ),
});
export type UserLevel = z.infer<typeof userLevelSchema>;
