import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/harness.js';
import { runIdempotent } from './idempotency.js';
import { createLedgerService } from './ledger.service.js';

const ledger = createLedgerService();

/**
 * On PostgreSQL these run truly concurrently over a pool of connections; on PGlite (one
 * connection) the same code runs serialized, which must give the same answers.
 */
describe('ledger under concurrency', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const credit = (userId: bigint, amountMinor: bigint) =>
    creditFromEquity(t.database.db, userId, 'money', amountMinor);

  const debitAll = (userId: bigint, amountMinor: bigint) =>
    t.database.db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'adjustment_debit',
        actor: 'test',
        userId,
        postings: [
          {
            account: { userId, currency: 'money', purpose: 'available' },
            amountMinor: -amountMinor,
          },
          { account: { system: 'house_equity', currency: 'money' }, amountMinor },
        ],
      }),
    );

  const rounds = usingPostgres ? 100 : 10;

  it(`50 concurrent debits of the whole balance: exactly one succeeds (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const user = await insertTestUser(t.database.db);
      await credit(user.id, 12_345n); // 123.45 CNY
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => debitAll(user.id, 12_345n)),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter(
        (r) =>
          r.status === 'rejected' &&
          r.reason instanceof AppError &&
          r.reason.def.key === 'insufficient_balance',
      );
      expect(succeeded).toHaveLength(1);
      expect(refused).toHaveLength(49);
      const [account] = (await ledger.userAccounts(t.database.db, user.id)).filter(
        (a) => a.currency === 'money' && a.purpose === 'available',
      );
      // 123.45 − 123.45 = 0.00, never below
      expect(account?.balanceMinor).toBe(0n);
    }
  });

  it('the same request replayed 5× concurrently posts one journal and answers identically', async () => {
    const user = await insertTestUser(t.database.db);
    await credit(user.id, 100_000n); // 1,000.00 CNY
    const request = {
      userId: user.id,
      key: 'withdraw-7f3a9c21',
      operation: 'test/debit',
      body: { amount: '250.00' },
    };
    const replay = () =>
      t.database.db.transaction((tx) =>
        runIdempotent(tx, request, async () => {
          const posted = await ledger.post(tx, {
            kind: 'adjustment_debit',
            actor: 'test',
            userId: user.id,
            reference: 'idempotency-test',
            postings: [
              {
                account: { userId: user.id, currency: 'money', purpose: 'available' },
                amountMinor: -25_000n,
              },
              { account: { system: 'house_equity', currency: 'money' }, amountMinor: 25_000n },
            ],
          });
          return {
            journalId: posted.journalId.toString(),
            balance: posted.balances[0]?.balanceMinor.toString(),
          };
        }),
      );
    const responses = await Promise.all(Array.from({ length: 5 }, replay));
    // 1,000.00 − 250.00 = 750.00, once
    for (const response of responses) expect(response).toEqual(responses[0]);
    expect(responses[0]?.balance).toBe('75000');
    const [journals] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from ledger_journal where reference = 'idempotency-test'`,
    );
    expect(journals?.n).toBe('1');
  });

  it('the same key with a different request is refused and changes nothing', async () => {
    const user = await insertTestUser(t.database.db);
    const db = t.database.db;
    const run = (body: unknown) =>
      db.transaction((tx) =>
        runIdempotent(
          tx,
          { userId: user.id, key: 'key-0000001', operation: 'test/op', body },
          async () => ({ ok: true }),
        ),
      );
    await run({ amount: '1.00' });
    await expect(run({ amount: '2.00' })).rejects.toSatisfy(
      (e) => e instanceof AppError && e.def.key === 'idempotency_key_reused',
    );
    await expect(
      db.transaction((tx) =>
        runIdempotent(
          tx,
          { userId: user.id, key: 'bad key!', operation: 'test/op', body: {} },
          async () => 1,
        ),
      ),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.def.key === 'idempotency_key_invalid');
  });
});
