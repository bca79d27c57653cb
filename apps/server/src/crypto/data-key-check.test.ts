import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { checkDataKey, DataKeyMismatchError } from './data-key-check.js';
import { createSealedBox } from './sealed.js';

describe('the data key check at start', () => {
  let t: TestDatabase;
  const dirs: string[] = [];
  const boxWith = (key?: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-key-'));
    dirs.push(dataDir);
    return createSealedBox({ key, dataDir });
  };
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('lets every node with the key the database first saw start, and refuses any other', async () => {
    const shared = randomBytes(32).toString('base64');
    await checkDataKey(t.database.db, boxWith(shared)); // the first node records it
    await checkDataKey(t.database.db, boxWith(shared)); // a second node with the same key
    // A node that made its own key under its DATA_DIR (no DATA_ENCRYPTION_KEY set).
    await expect(checkDataKey(t.database.db, boxWith())).rejects.toBeInstanceOf(
      DataKeyMismatchError,
    );
    await expect(
      checkDataKey(t.database.db, boxWith(randomBytes(32).toString('base64'))),
    ).rejects.toThrow(/every node of a cluster must run with the same key/i);
  });
});
