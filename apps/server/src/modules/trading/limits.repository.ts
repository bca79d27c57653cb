// A user's trading limits and their trading day (what the limits are checked against).
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { LimitRow } from './trading.repository.js';
import { tradeLimit } from './trading.schema.js';

/** The user's limits and the day's figures trade_open checks them against. */
export function createLimitsRepository(db: Db) {
  return {
    /**
     * The user's trading day at `atMs`: orders opened, and per currency the net result of those
     * settled and the stakes still open — SQL `trade_day`, the one definition trade_open checks
     * the daily limits against.
     */
    async dayStats(
      userId: bigint,
      atMs: number,
      tzOffsetMinutes: number,
    ): Promise<{ orders: number; net: Map<string, bigint>; open: Map<string, bigint> }> {
      const rows = await queryRows<{
        currency: string;
        orders: string | number;
        net: string;
        open: string;
      }>(db, sql`select * from trade_day(${userId}, ${atMs}, ${tzOffsetMinutes})`);
      return {
        orders: rows.reduce((n, r) => n + Number(r.orders), 0),
        net: new Map(rows.map((r) => [r.currency, BigInt(r.net)])),
        open: new Map(rows.map((r) => [r.currency, BigInt(r.open)])),
      };
    },

    async limits(userId: bigint): Promise<LimitRow | undefined> {
      const [row] = await db.select().from(tradeLimit).where(eq(tradeLimit.userId, userId));
      return row;
    },

    async saveLimits(row: typeof tradeLimit.$inferInsert): Promise<void> {
      await db
        .insert(tradeLimit)
        .values(row)
        .onConflictDoUpdate({ target: tradeLimit.userId, set: row });
    },
  };
}
