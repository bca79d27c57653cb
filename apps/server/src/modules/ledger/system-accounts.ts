// The system accounts' ids, read once and kept for the life of the ledger service.
import type { Db } from '../../db/client.js';
import { LedgerInvariantError } from './journal-rules.js';
import { createLedgerRepository } from './ledger.repository.js';
import type { SystemPurpose } from './ledger.schema.js';

/** A system account's id by currency and purpose; the ids are read on first use. */
export function createSystemAccountIds() {
  let systemIds: Map<string, bigint> | undefined;

  async function systemAccountId(
    db: Db,
    currency: string,
    purpose: SystemPurpose,
  ): Promise<bigint> {
    if (!systemIds) {
      const rows = await createLedgerRepository(db).systemAccountIds();
      systemIds = new Map(rows.map((r) => [`${r.currency}:${r.purpose}`, r.id]));
    }
    const id = systemIds.get(`${currency}:${purpose}`);
    if (id === undefined)
      throw new LedgerInvariantError(`system account ${currency}:${purpose} missing`);
    return id;
  }

  return systemAccountId;
}

export type SystemAccountIds = ReturnType<typeof createSystemAccountIds>;
