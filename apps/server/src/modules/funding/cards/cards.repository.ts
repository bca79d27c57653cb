import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bankCard } from '../funding.schema.js';

export type CardRow = typeof bankCard.$inferSelect;

/** The bound bank cards (one per user). */
export function createCardsRepository(db: Db) {
  return {
    async find(userId: bigint): Promise<CardRow | undefined> {
      const [row] = await db.select().from(bankCard).where(eq(bankCard.userId, userId));
      return row;
    },

    /** Binds or replaces the user's card. */
    async put(row: CardRow): Promise<void> {
      const { accountName, bankName, cardSealed, cardLast4, branch, boundAt } = row;
      await db.insert(bankCard).values(row).onConflictDoUpdate({
        target: bankCard.userId,
        set: { accountName, bankName, cardSealed, cardLast4, branch, boundAt },
      });
    },
  };
}
