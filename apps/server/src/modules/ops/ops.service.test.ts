import { sql } from 'drizzle-orm';
import { createUsers } from '../auth/users.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import { createAuditService } from '../audit/audit.service.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { createOpsService, OpsInputError } from './ops.service.js';

describe('operator adjustments', () => {
  let t: TestDatabase;
  let ops: ReturnType<typeof createOpsService>;
  beforeAll(async () => {
    t = await createTestDatabase();
    ops = createOpsService({
      db: t.database.db,
      users: createUsers(t.database.db),
      ledger: createLedgerService(),
      audit: createAuditService({ db: t.database.db, now: () => new Date() }),
    });
  });
  afterAll(() => t.drop());

  it('credits and debits against house equity, each audited in a hash chain', async () => {
    const user = await insertTestUser(t.database.db);
    const credit = await ops.adjust({
      direction: 'credit',
      username: user.username,
      amount: '100.00',
      currency: 'money',
      reason: 'goodwill',
      actor: 'ops:alice',
    });
    expect(credit).toMatchObject({ amount: '100.00', availableAfter: '100.00' });
    const debit = await ops.adjust({
      direction: 'debit',
      username: user.username,
      amount: '30.01',
      currency: 'money',
      reason: 'fee correction',
      actor: 'ops:alice',
    });
    expect(debit.availableAfter).toBe('69.99'); // 100.00 − 30.01 = 69.99
    expect(await createLedgerService().systemBalance(t.database.db, 'money', 'house_equity')).toBe(
      -6_999n,
    );
    expect(await ops.verifyAudit()).toMatchObject({ ok: true, entries: 2, brokenAt: null });
    expect((await ops.reconcile()).ok).toBe(true);
  });

  it('refuses bad input and changes nothing', async () => {
    const user = await insertTestUser(t.database.db);
    const base = {
      username: user.username,
      currency: 'money' as const,
      reason: 'testing',
      actor: 'ops:alice',
    };
    await expect(ops.adjust({ ...base, direction: 'credit', amount: '1.001' })).rejects.toThrow(
      OpsInputError,
    );
    await expect(ops.adjust({ ...base, direction: 'credit', amount: '-5' })).rejects.toThrow(
      OpsInputError,
    );
    await expect(
      ops.adjust({ ...base, direction: 'credit', amount: '5', reason: ' ' }),
    ).rejects.toThrow(/reason/);
    await expect(
      ops.adjust({ ...base, direction: 'credit', amount: '5', username: 'nobody' }),
    ).rejects.toThrow(/no user/);
    await expect(ops.adjust({ ...base, direction: 'debit', amount: '0.01' })).rejects.toThrow(
      /less than/,
    );
    expect((await ops.verifyAudit()).entries).toBe(2);
  });

  it('detects a tampered audit entry', async () => {
    // Only a superuser bypassing the trigger could do this; verification must still notice.
    await t.database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await t.database.db.execute(
      sql`update audit_log set detail = '{"amount":"1000000.00"}' where id = 1`,
    );
    await t.database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect(await ops.verifyAudit()).toMatchObject({ ok: false, entries: 2, brokenAt: '1' });
  });
});
