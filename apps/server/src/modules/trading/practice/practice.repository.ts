// The practice book's row and the counts a reset checks.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { PRACTICE_CURRENCY } from '../../ledger/ledger.service.js';
import { tradeOrder } from '../trading.schema.js';
import { practiceBook } from './practice.schema.js';

export type PracticeBookRow = typeof practiceBook.$inferSelect;

export function createPracticeRepository(db: Db) {
  return {
    /** Inserts the book unless it exists; true when this call opened it. */
    async open(userId: bigint, startMinor: bigint, atMs: number): Promise<boolean> {
      const rows = await db
        .insert(practiceBook)
        .values({ userId, startMinor, openedAtMs: atMs })
        .onConflictDoNothing()
        .returning({ userId: practiceBook.userId });
      return rows.length > 0;
    },

    async book(userId: bigint, lock = false): Promise<PracticeBookRow | undefined> {
      const q = db.select().from(practiceBook).where(eq(practiceBook.userId, userId));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async markReset(userId: bigint, startMinor: bigint, atMs: number): Promise<void> {
      await db
        .update(practiceBook)
        .set({ startMinor, lastResetAtMs: atMs, resets: sql`${practiceBook.resets} + 1` })
        .where(eq(practiceBook.userId, userId));
    },

    async openOrders(userId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tradeOrder)
        .where(
          and(
            eq(tradeOrder.userId, userId),
            eq(tradeOrder.status, 'open'),
            eq(tradeOrder.currency, PRACTICE_CURRENCY),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
