import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCK_KEYS } from '../../db/lock-keys.js';

/**
 * Serializes one user's funding requests that check a count before adding to it (withdrawals
 * per day, pending recharges), for the rest of the transaction. Two users may share a lock (ids
 * folded to 31 bits): they then only wait for each other, never see wrong counts.
 */
export async function lockUserFunding(tx: Db, userId: bigint): Promise<void> {
  const low = Number(userId % 2_147_483_647n);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.fundingUser}, ${low})`);
}
