import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { creditFromEquity, insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, dbErrorOf, type TestDatabase } from '../../test/harness.js';
import { createLedgerService } from './ledger.service.js';
import { reconcile } from './reconcile.js';

const ledger = createLedgerService();

describe('ledger: posting journals', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const balanceOf = async (userId: bigint, currency: string, purpose: string) =>
    (await ledger.userAccounts(t.database.db, userId)).find(
      (a) => a.currency === currency && a.purpose === purpose,
    )?.balanceMinor;

  it('credits a user from house equity', async () => {
    const user = await insertTestUser(t.database.db);
    const posted = await t.database.db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'adjustment_credit',
        actor: 'ops:test',
        userId: user.id,
        postings: [
          {
            account: { userId: user.id, currency: 'money', purpose: 'available' },
            amountMinor: 10_000n,
          },
          { account: { system: 'house_equity', currency: 'money' }, amountMinor: -10_000n },
        ],
      }),
    );
    // 0.00 + 100.00 = 100.00 CNY
    expect(posted.balances).toEqual([
      { userId: user.id, currency: 'money', purpose: 'available', balanceMinor: 10_000n },
    ]);
    expect(await balanceOf(user.id, 'money', 'available')).toBe(10_000n);
    const statement = await ledger.statement(t.database.db, { userId: user.id, limit: 10 });
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatchObject({
      kind: 'adjustment_credit',
      amountMinor: 10_000n,
      balanceAfterMinor: 10_000n,
    });
  });

  it('holds, releases and captures within one user', async () => {
    const user = await insertTestUser(t.database.db);
    const u = (purpose: 'available' | 'withdraw_hold') => ({
      userId: user.id,
      currency: 'usdt' as const,
      purpose,
    });
    const db = t.database.db;
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'adjustment_credit',
        actor: 'ops:test',
        postings: [
          { account: u('available'), amountMinor: 50_000_000n }, // 50.000000 USDT
          { account: { system: 'house_equity', currency: 'usdt' }, amountMinor: -50_000_000n },
        ],
      }),
    );
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'hold',
        actor: 'user:test',
        postings: [
          { account: u('available'), amountMinor: -20_000_000n }, // 50 − 20 = 30 USDT available
          { account: u('withdraw_hold'), amountMinor: 20_000_000n }, // 20 USDT held
        ],
      }),
    );
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'capture',
        actor: 'system:test',
        postings: [
          { account: u('withdraw_hold'), amountMinor: -15_000_000n }, // 20 − 15 = 5 USDT held
          { account: { system: 'chain_clearing', currency: 'usdt' }, amountMinor: 15_000_000n },
        ],
      }),
    );
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'release',
        actor: 'system:test',
        postings: [
          { account: u('withdraw_hold'), amountMinor: -5_000_000n }, // 5 − 5 = 0 held
          { account: u('available'), amountMinor: 5_000_000n }, // 30 + 5 = 35 USDT available
        ],
      }),
    );
    expect(await balanceOf(user.id, 'usdt', 'available')).toBe(35_000_000n);
    expect(await balanceOf(user.id, 'usdt', 'withdraw_hold')).toBe(0n);
    expect((await reconcile(db)).ok).toBe(true);
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const user = await insertTestUser(t.database.db);
    const db = t.database.db;
    const journalsBefore = await count(db, 'ledger_journal');
    await expect(
      db.transaction((tx) =>
        ledger.post(tx, {
          kind: 'adjustment_debit',
          actor: 'ops:test',
          postings: [
            {
              account: { userId: user.id, currency: 'money', purpose: 'available' },
              amountMinor: -1n,
            }, // 0.00 − 0.01 < 0
            { account: { system: 'house_equity', currency: 'money' }, amountMinor: 1n },
          ],
        }),
      ),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.def.key === 'insufficient_balance');
    expect(await count(db, 'ledger_journal')).toBe(journalsBefore);
  });

  it('refuses an unbalanced journal before it reaches the database', async () => {
    const user = await insertTestUser(t.database.db);
    await expect(
      t.database.db.transaction((tx) =>
        ledger.post(tx, {
          kind: 'adjustment_credit',
          actor: 'ops:test',
          postings: [
            {
              account: { userId: user.id, currency: 'money', purpose: 'available' },
              amountMinor: 100n,
            },
            { account: { system: 'house_equity', currency: 'money' }, amountMinor: -99n },
          ],
        }),
      ),
    ).rejects.toThrow(/off by 1 in money/);
  });

  it('reverses a journal exactly once', async () => {
    const user = await insertTestUser(t.database.db);
    const db = t.database.db;
    const credit = await creditFromEquity(db, user.id, 'money', 2_500n); // 25.00
    await db.transaction((tx) => ledger.reverse(tx, credit.journalId, 'ops:test', 'entered twice'));
    // 25.00 − 25.00 = 0.00
    expect(await balanceOf(user.id, 'money', 'available')).toBe(0n);
    await expect(
      db.transaction((tx) => ledger.reverse(tx, credit.journalId, 'ops:test', 'again')),
    ).rejects.toThrow();
  });
});

describe('ledger: many journals at once (postMany)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const move = (
    userId: bigint,
    from: 'available' | 'in_order',
    to: 'available' | 'in_order',
    amountMinor: bigint,
  ) => ({
    kind: 'hold' as const,
    actor: 'test',
    userId,
    postings: [
      { account: { userId, currency: 'money' as const, purpose: from }, amountMinor: -amountMinor },
      { account: { userId, currency: 'money' as const, purpose: to }, amountMinor },
    ],
  });

  it('posts journals that touch the same accounts, with the running balance after each posting', async () => {
    const db = t.database.db;
    const a = await insertTestUser(db);
    const b = await insertTestUser(db);
    await creditFromEquity(db, a.id, 'money', 100_00n);
    await creditFromEquity(db, b.id, 'money', 50_00n);
    const posted = await db.transaction((tx) =>
      ledger.postMany(tx, [
        move(a.id, 'available', 'in_order', 30_00n),
        move(b.id, 'available', 'in_order', 50_00n),
        move(a.id, 'available', 'in_order', 70_00n),
        move(a.id, 'in_order', 'available', 10_00n),
      ]),
    );
    expect(posted.map((p) => p.balances.map((x) => `${x.purpose}=${x.balanceMinor}`))).toEqual([
      ['available=7000', 'in_order=3000'],
      ['available=0', 'in_order=5000'],
      ['available=0', 'in_order=10000'],
      ['in_order=9000', 'available=1000'],
    ]);
    const balances = await ledger.userAccounts(db, a.id);
    const of = (purpose: string) =>
      balances.find((x) => x.currency === 'money' && x.purpose === purpose)?.balanceMinor;
    expect([of('available'), of('in_order')]).toEqual([10_00n, 90_00n]);
    const statement = await ledger.statement(db, { userId: a.id, limit: 10 });
    expect(statement.map((r) => r.balanceAfterMinor)).toEqual([
      10_00n,
      90_00n,
      100_00n,
      0n,
      30_00n,
      70_00n,
      100_00n,
    ]);
    expect((await reconcile(db)).ok).toBe(true);
  });

  it('refuses the whole batch when one journal would take an account below zero, even for a moment', async () => {
    const db = t.database.db;
    const a = await insertTestUser(db);
    await creditFromEquity(db, a.id, 'money', 10_00n);
    for (const batch of [
      [move(a.id, 'available', 'in_order', 5_00n), move(a.id, 'available', 'in_order', 6_00n)],
      // Nets to zero, but the first journal overdraws before the second refills.
      [move(a.id, 'available', 'in_order', 11_00n), move(a.id, 'in_order', 'available', 11_00n)],
    ]) {
      await expect(db.transaction((tx) => ledger.postMany(tx, batch))).rejects.toMatchObject({
        def: { key: 'insufficient_balance' },
      });
    }
    const balances = await ledger.userAccounts(db, a.id);
    expect(
      balances.find((x) => x.currency === 'money' && x.purpose === 'available')?.balanceMinor,
    ).toBe(10_00n);
  });
});

describe('ledger: the database enforces the invariants itself', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  async function seededJournal() {
    const user = await insertTestUser(t.database.db);
    return creditFromEquity(t.database.db, user.id, 'money', 500n);
  }

  it('refuses UPDATE and DELETE of postings and journals', async () => {
    const { journalId } = await seededJournal();
    const db = t.database.db;
    expect(
      await dbErrorOf(
        db.execute(sql`update ledger_posting set amount_minor = 1 where journal_id = ${journalId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await dbErrorOf(db.execute(sql`delete from ledger_posting where journal_id = ${journalId}`)),
    ).toMatch(/append-only/);
    expect(
      await dbErrorOf(
        db.execute(sql`update ledger_journal set kind = 'x' where id = ${journalId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await dbErrorOf(db.execute(sql`delete from ledger_journal where id = ${journalId}`)),
    ).toMatch(/append-only/);
    expect(await dbErrorOf(db.execute(sql`truncate ledger_posting`))).toMatch(/append-only/);
  });

  it('refuses an unbalanced journal when its postings are written', async () => {
    const db = t.database.db;
    const refused = dbErrorOf(
      db.transaction(async (tx) => {
        const [j] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journal (kind, actor) values ('adjustment_credit', 'raw') returning id::text`,
        );
        const [acct] = await queryRows<{ id: string }>(
          tx,
          sql`select id::text from ledger_account where user_id is null and currency = 'money' and purpose = 'house_equity'`,
        );
        await tx.execute(
          sql`insert into ledger_posting (journal_id, account_id, currency, amount_minor) values (${j!.id}, ${acct!.id}, 'money', 7)`,
        );
      }),
    );
    expect(await refused).toMatch(/does not balance in money: off by 7/);
  });

  it('refuses a posting in a currency other than its account’s', async () => {
    const db = t.database.db;
    const refused = dbErrorOf(
      db.transaction(async (tx) => {
        const [j] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journal (kind, actor) values ('x', 'raw') returning id::text`,
        );
        const [acct] = await queryRows<{ id: string }>(
          tx,
          sql`select id::text from ledger_account where user_id is null and currency = 'money' limit 1`,
        );
        await tx.execute(
          sql`insert into ledger_posting (journal_id, account_id, currency, amount_minor) values (${j!.id}, ${acct!.id}, 'usdt', 7)`,
        );
      }),
    );
    expect(await refused).toMatch(/ledger_posting_account_fk/);
  });

  it('refuses a negative user balance and a running balance on a system account', async () => {
    const db = t.database.db;
    await seededJournal();
    expect(
      await dbErrorOf(
        db.execute(sql`update ledger_account set balance_minor = -1 where user_id is not null`),
      ),
    ).toMatch(/ledger_account_user_nonnegative/);
    expect(
      await dbErrorOf(
        db.execute(sql`update ledger_account set balance_minor = 1 where user_id is null`),
      ),
    ).toMatch(/ledger_account_system_no_balance/);
  });
});

async function count(
  db: Parameters<typeof queryRows>[0],
  table: 'ledger_journal' | 'ledger_posting',
): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(row?.n);
}
