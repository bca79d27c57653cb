import { and, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../../db/client.js';
import { chainBlock, chainDeposit, chainDepositAddress, chainScanCursor } from './chain.schema.js';

export type DepositRow = typeof chainDeposit.$inferSelect;
/** A transfer to record; every one of a batch has the same network and detection time. */
export interface NewDeposit {
  network: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  address: string;
  userId: bigint;
  amountMinor: bigint;
  detectedAt: Date;
  belowMinimum: boolean;
}

export interface Cursor {
  lastBlock: bigint;
  lastHash: string;
}

/** The chain module's tables: deposit addresses, the scan cursor, block hashes, deposits. */
export function createChainRepository(db: Db) {
  return {
    async depositAddress(userId: bigint, network: string) {
      const [row] = await db
        .select()
        .from(chainDepositAddress)
        .where(
          and(eq(chainDepositAddress.userId, userId), eq(chainDepositAddress.network, network)),
        );
      return row;
    },

    /** A fresh derivation index from the table's own sequence (never reused, gaps harmless). */
    async nextDerivationIndex(): Promise<bigint> {
      const [row] = await queryRows<{ n: string }>(
        db,
        sql`select nextval(pg_get_serial_sequence('chain_deposit_address', 'derivation_index')) as n`,
      );
      if (!row) throw new Error('nextval returned no row');
      return BigInt(row.n);
    },

    /** Inserts the user's address unless they have one (a concurrent request won). */
    async insertAddress(userId: bigint, network: string, index: bigint, address: string) {
      await db
        .insert(chainDepositAddress)
        .values({ userId, network, derivationIndex: index, address })
        .onConflictDoNothing({ target: [chainDepositAddress.userId, chainDepositAddress.network] });
    },

    /** The owners of those of `addresses` (lower-case) that are deposit addresses. */
    async ownersOf(network: string, addresses: string[]): Promise<Map<string, bigint>> {
      if (addresses.length === 0) return new Map();
      const rows = await db
        .select({ address: chainDepositAddress.address, userId: chainDepositAddress.userId })
        .from(chainDepositAddress)
        .where(
          and(
            eq(chainDepositAddress.network, network),
            inArray(chainDepositAddress.address, addresses),
          ),
        );
      return new Map(rows.map((r) => [r.address, r.userId]));
    },

    async cursor(network: string, forUpdate = false): Promise<Cursor | undefined> {
      const query = db
        .select({ lastBlock: chainScanCursor.lastBlock, lastHash: chainScanCursor.lastHash })
        .from(chainScanCursor)
        .where(eq(chainScanCursor.network, network));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async setCursor(network: string, cursor: Cursor): Promise<void> {
      await db
        .insert(chainScanCursor)
        .values({ network, ...cursor })
        .onConflictDoUpdate({
          target: chainScanCursor.network,
          set: { ...cursor, updatedAt: sql`now()` },
        });
    },

    /** Stored block hashes at or below `atOrBelow`, highest first. */
    storedBlocks(network: string, atOrBelow: bigint, limit: number) {
      return db
        .select({ number: chainBlock.number, hash: chainBlock.hash })
        .from(chainBlock)
        .where(and(eq(chainBlock.network, network), lte(chainBlock.number, atOrBelow)))
        .orderBy(desc(chainBlock.number))
        .limit(limit);
    },

    async storeBlocks(network: string, blocks: { number: bigint; hash: string }[]) {
      if (blocks.length === 0) return;
      await db
        .insert(chainBlock)
        .values(blocks.map((b) => ({ network, ...b })))
        .onConflictDoUpdate({
          target: [chainBlock.network, chainBlock.number],
          set: { hash: sql`excluded.hash` },
        });
    },

    async pruneBlocks(network: string, below: bigint) {
      await db
        .delete(chainBlock)
        .where(and(eq(chainBlock.network, network), lt(chainBlock.number, below)));
    },

    /** Forgets block hashes above the fork point (a reorg replaced those blocks). */
    async forgetBlocksAbove(network: string, number: bigint) {
      await db
        .delete(chainBlock)
        .where(and(eq(chainBlock.network, network), gt(chainBlock.number, number)));
    },

    /**
     * Records transfers; one already recorded (same tx hash and log index) is left alone, except a
     * dropped one, which is back: its block was replaced, and the transfer is in the new chain.
     */
    async recordDeposits(deposits: NewDeposit[]): Promise<void> {
      const first = deposits[0];
      if (!first) return;
      // One parameter per column (unnest), however many transfers a range holds.
      const col = (pick: (d: NewDeposit) => string | number | bigint) =>
        pgArray(deposits.map(pick));
      await db.execute(sql`
        insert into chain_deposit (network, tx_hash, log_index, block_number, block_hash, address,
          user_id, amount_minor, status, detected_at)
        select ${first.network}, t.*, ${first.detectedAt}
        from unnest(${col((d) => d.txHash)}::text[], ${col((d) => d.logIndex)}::int[],
          ${col((d) => d.blockNumber)}::bigint[], ${col((d) => d.blockHash)}::text[],
          ${col((d) => d.address)}::text[], ${col((d) => d.userId)}::bigint[],
          ${col((d) => d.amountMinor)}::bigint[],
          ${col((d) => (d.belowMinimum ? 'below_minimum' : 'confirming'))}::text[]) as t
        on conflict (network, tx_hash, log_index) do update
          set status = excluded.status, block_number = excluded.block_number,
            block_hash = excluded.block_hash
          where chain_deposit.status = 'dropped'
            or (chain_deposit.status in ('confirming', 'below_minimum')
              and chain_deposit.block_hash <> excluded.block_hash)`);
    },

    /** Uncredited transfers in blocks above the fork point: their blocks are gone. */
    dropAbove: (network: string, number: bigint): Promise<{ id: bigint; userId: bigint }[]> =>
      db
        .update(chainDeposit)
        .set({ status: 'dropped' })
        .where(
          and(
            eq(chainDeposit.network, network),
            gt(chainDeposit.blockNumber, number),
            eq(chainDeposit.status, 'confirming'),
          ),
        )
        .returning({ id: chainDeposit.id, userId: chainDeposit.userId }),

    /** Credited transfers above the fork point: a reorg deeper than the confirmations. */
    creditedAbove: (network: string, number: bigint) =>
      db
        .select({ id: chainDeposit.id, txHash: chainDeposit.txHash })
        .from(chainDeposit)
        .where(
          and(
            eq(chainDeposit.network, network),
            gt(chainDeposit.blockNumber, number),
            eq(chainDeposit.status, 'credited'),
          ),
        ),

    /** Confirming transfers in blocks at or below `maxBlock`, oldest first. */
    dueForCredit: (network: string, maxBlock: bigint, limit: number) =>
      db
        .select()
        .from(chainDeposit)
        .where(
          and(
            eq(chainDeposit.network, network),
            eq(chainDeposit.status, 'confirming'),
            lte(chainDeposit.blockNumber, maxBlock),
          ),
        )
        .orderBy(chainDeposit.blockNumber, chainDeposit.id)
        .limit(limit),

    /**
     * Confirming transfers not yet due for credit (in blocks above `dueAtOrBelow`), at most
     * `limit`, oldest first: whose "confirming n/N" a scan just moved.
     */
    confirmingAbove: (network: string, dueAtOrBelow: bigint, limit: number) =>
      db
        .select({
          id: chainDeposit.id,
          userId: chainDeposit.userId,
          blockNumber: chainDeposit.blockNumber,
        })
        .from(chainDeposit)
        .where(
          and(
            eq(chainDeposit.network, network),
            eq(chainDeposit.status, 'confirming'),
            gt(chainDeposit.blockNumber, dueAtOrBelow),
          ),
        )
        .orderBy(chainDeposit.blockNumber, chainDeposit.id)
        .limit(limit),

    /** One of the user's transfers as the list shows them (not one below the minimum). */
    async findForUser(userId: bigint, id: bigint): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(chainDeposit)
        .where(
          and(
            eq(chainDeposit.id, id),
            eq(chainDeposit.userId, userId),
            inArray(chainDeposit.status, ['confirming', 'credited', 'dropped']),
          ),
        );
      return row;
    },

    /** Locks a confirming transfer for crediting; undefined when it is no longer confirming. */
    async claimConfirming(id: bigint): Promise<DepositRow | undefined> {
      const [row] = await db
        .select()
        .from(chainDeposit)
        .where(and(eq(chainDeposit.id, id), eq(chainDeposit.status, 'confirming')))
        .for('update');
      return row;
    },

    async markCredited(id: bigint, journalId: bigint, at: Date): Promise<void> {
      await db
        .update(chainDeposit)
        .set({ status: 'credited', journalId, creditedAt: at })
        .where(and(eq(chainDeposit.id, id), eq(chainDeposit.status, 'confirming')));
    },

    /** A user's transfers, newest first, those below the minimum left out. */
    listForUser: (
      userId: bigint,
      q: { before?: { time: Date; id: bigint } | undefined; limit: number },
    ) =>
      db
        .select()
        .from(chainDeposit)
        .where(
          and(
            eq(chainDeposit.userId, userId),
            inArray(chainDeposit.status, ['confirming', 'credited', 'dropped']),
            q.before === undefined
              ? undefined
              : or(
                  lt(chainDeposit.detectedAt, q.before.time),
                  and(eq(chainDeposit.detectedAt, q.before.time), lt(chainDeposit.id, q.before.id)),
                ),
          ),
        )
        .orderBy(desc(chainDeposit.detectedAt), desc(chainDeposit.id))
        .limit(q.limit),
  };
}

export type ChainRepository = ReturnType<typeof createChainRepository>;
