import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PeriodRow } from './trading.repository.js';
import { tradePeriod } from './trading.schema.js';

export type PeriodTerms = Pick<
  PeriodRow,
  'payoutBps' | 'minMoneyMinor' | 'maxMoneyMinor' | 'minUsdtMinor' | 'maxUsdtMinor' | 'enabled'
>;

/** The back office's reads and edits of periods. */
export function createCatalogAdminRepository(db: Db) {
  return {
    /** Every period of every product, disabled ones too. */
    async everyPeriod(): Promise<PeriodRow[]> {
      return db
        .select()
        .from(tradePeriod)
        .orderBy(asc(tradePeriod.symbol), asc(tradePeriod.seconds));
    },

    /** The period, locked until the end of the transaction. */
    async periodForUpdate(symbol: string, seconds: number): Promise<PeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(tradePeriod)
        .where(and(eq(tradePeriod.symbol, symbol), eq(tradePeriod.seconds, seconds)))
        .for('update');
      return row;
    },

    async updatePeriod(symbol: string, seconds: number, terms: PeriodTerms): Promise<PeriodRow> {
      const [row] = await db
        .update(tradePeriod)
        .set(terms)
        .where(and(eq(tradePeriod.symbol, symbol), eq(tradePeriod.seconds, seconds)))
        .returning();
      if (!row) throw new Error(`period ${symbol} ${seconds}s vanished under its lock`);
      return row;
    },
  };
}
