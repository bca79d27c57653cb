import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import type { SealedBox } from './sealed.js';

/** The `system_setting` row that remembers which data key this database's secrets are under. */
export const DATA_KEY_CHECK_SETTING = 'dataKeyCheck';

export class DataKeyMismatchError extends Error {
  constructor() {
    super(
      'DATA_ENCRYPTION_KEY is not the key this database’s secrets were sealed with. Every node ' +
        'of a cluster must run with the same key (docs/operations.md); refusing to start rather ' +
        'than fail each staff sign-in, card and document it cannot open.',
    );
    this.name = 'DataKeyMismatchError';
  }
}

/**
 * The first node to start on a database records a keyed hash of its data key (not the key: the
 * hash opens nothing); every later start compares. Two nodes of one cluster with different keys
 * — each made its own under its DATA_DIR — would otherwise each seal secrets the other cannot
 * open, and staff sign-ins would fail on whichever node did not enrol them.
 */
export async function checkDataKey(db: Db, box: SealedBox): Promise<void> {
  const mark = box.mac('data-key-check', 'ampere');
  await db.execute(
    sql`insert into system_setting (key, value) values (${DATA_KEY_CHECK_SETTING}, to_jsonb(${mark}::text))
        on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ mark: string }>(
    db,
    sql`select value #>> '{}' as mark from system_setting where key = ${DATA_KEY_CHECK_SETTING}`,
  );
  if (row?.mark !== mark) throw new DataKeyMismatchError();
}
