import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addressBlock } from './access.schema.js';

export type AddressBlockRow = typeof addressBlock.$inferSelect;
export type NewAddressBlock = typeof addressBlock.$inferInsert;

/** Not removed and not expired at `at`. */
const activeAt = (at: Date) =>
  and(
    isNull(addressBlock.removedAt),
    or(isNull(addressBlock.expiresAt), gt(addressBlock.expiresAt, at)),
  );

/** Removed, or expired at `at`. */
const pastAt = (at: Date) =>
  or(
    isNotNull(addressBlock.removedAt),
    and(isNotNull(addressBlock.expiresAt), lte(addressBlock.expiresAt, at)),
  );

/** Address blocks (this module's own table). */
export function createAccessRepository(db: Db) {
  return {
    /** Every block in force at `at`: what each node matches requests against. */
    active: (at: Date): Promise<AddressBlockRow[]> =>
      db.select().from(addressBlock).where(activeAt(at)),

    /** A page of blocks, newest first: those in force, or the history. */
    page: (
      state: 'active' | 'past',
      at: Date,
      beforeId: bigint | undefined,
      limit: number,
    ): Promise<AddressBlockRow[]> =>
      db
        .select()
        .from(addressBlock)
        .where(
          and(
            state === 'active' ? activeAt(at) : pastAt(at),
            beforeId === undefined ? undefined : lt(addressBlock.id, beforeId),
          ),
        )
        .orderBy(desc(addressBlock.id))
        .limit(limit),

    async countActive(at: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addressBlock).where(activeAt(at));
      return row?.n ?? 0;
    },

    /** The block of exactly this range in force at `at`, if any. */
    async activeOf(cidr: string, at: Date): Promise<AddressBlockRow | undefined> {
      const [row] = await db
        .select()
        .from(addressBlock)
        .where(and(eq(addressBlock.cidr, cidr), activeAt(at)));
      return row;
    },

    /** The block, locked for the rest of the transaction. */
    async lock(id: bigint): Promise<AddressBlockRow | undefined> {
      const [row] = await db
        .select()
        .from(addressBlock)
        .where(eq(addressBlock.id, id))
        .for('update');
      return row;
    },

    /**
     * Orders writers: the duplicate and limit checks read the active blocks, so two staff adding
     * at once must not both pass them. Nodes loading the blocks are not held up.
     */
    async lockWriters(): Promise<void> {
      await db.execute(sql`lock table address_block in share row exclusive mode`);
    },

    async insert(row: NewAddressBlock): Promise<AddressBlockRow> {
      const [inserted] = await db.insert(addressBlock).values(row).returning();
      if (!inserted) throw new Error('address block insert returned nothing');
      return inserted;
    },

    async markRemoved(id: bigint, at: Date, by: string): Promise<AddressBlockRow> {
      const [row] = await db
        .update(addressBlock)
        .set({ removedAt: at, removedBy: by })
        .where(eq(addressBlock.id, id))
        .returning();
      if (!row) throw new Error(`address block ${id} vanished while locked`);
      return row;
    },
  };
}
