import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createLimitsRepository } from './limits.repository.js';
import { createOrdersRepository } from './orders.repository.js';
import { createPlacingRepository } from './placing.repository.js';
import { createSettlingRepository } from './settling.repository.js';
import { tradePeriod, type tradeLimit, type tradeOrder } from './trading.schema.js';

export type PeriodRow = typeof tradePeriod.$inferSelect;
export type OrderRow = typeof tradeOrder.$inferSelect;
export type LimitRow = typeof tradeLimit.$inferSelect;

export type { OpenRequest, Opened } from './placing.repository.js';
export type { DueOrder } from './settling.repository.js';

/**
 * Trading's SQL, composed from its parts: placing orders (the order path), settling them, a
 * user's orders and limits; here, the catalog's periods.
 */
export function createTradingRepository(db: Db) {
  return {
    /** Every enabled period of every product (the in-process catalog). */
    async allPeriods(): Promise<PeriodRow[]> {
      return db
        .select()
        .from(tradePeriod)
        .where(eq(tradePeriod.enabled, true))
        .orderBy(asc(tradePeriod.symbol), asc(tradePeriod.seconds));
    },

    async insertMissingPeriods(rows: (typeof tradePeriod.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(tradePeriod).values(rows).onConflictDoNothing();
    },

    ...createPlacingRepository(db),
    ...createSettlingRepository(db),
    ...createOrdersRepository(db),
    ...createLimitsRepository(db),
  };
}
