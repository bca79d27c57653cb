import type { CurrencyKey } from '@ampere/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { insertTestUser } from '../../test/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';
import type { JournalKind } from '@ampere/contract';
import { createLedgerService, type PostingSpec } from './ledger.service.js';
import type { SystemPurpose, UserPurpose } from './ledger.schema.js';
import { reconcile } from './reconcile.js';

/**
 * Model-based test: random sequences of credits, debits, holds, releases, captures and
 * two-currency exchanges run against the real ledger and against an in-memory model of the
 * user's balances. Any divergence, a negative balance, or a failed reconciliation fails the
 * run, and fast-check prints the seed and the shrunk sequence.
 */
const ledger = createLedgerService();
const currency = fc.constantFrom<CurrencyKey>('money', 'usdt');
const amount = fc.bigInt({ min: 1n, max: 5_000_000n });

type Command =
  | {
      op: 'credit' | 'debit' | 'hold' | 'release' | 'capture';
      currency: CurrencyKey;
      amount: bigint;
    }
  | { op: 'exchange'; from: CurrencyKey; amount: bigint; received: bigint };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constantFrom('credit', 'debit', 'hold', 'release', 'capture' as const),
    currency,
    amount,
  }),
  fc.record({ op: fc.constant('exchange' as const), from: currency, amount, received: amount }),
);

const KIND = {
  credit: 'adjustment_credit',
  debit: 'adjustment_debit',
  hold: 'hold',
  release: 'release',
  capture: 'capture',
  exchange: 'exchange',
} as const satisfies Record<Command['op'], JournalKind>;

type Model = Map<string, bigint>;
const key = (c: string, p: UserPurpose) => `${c}:${p}`;

function postingsFor(userId: bigint, cmd: Command): PostingSpec[] {
  const user = (c: CurrencyKey, purpose: UserPurpose) => ({ userId, currency: c, purpose });
  const system = (c: CurrencyKey, s: SystemPurpose) => ({ system: s, currency: c });
  switch (cmd.op) {
    case 'credit':
      return [
        { account: user(cmd.currency, 'available'), amountMinor: cmd.amount },
        { account: system(cmd.currency, 'house_equity'), amountMinor: -cmd.amount },
      ];
    case 'debit':
      return [
        { account: user(cmd.currency, 'available'), amountMinor: -cmd.amount },
        { account: system(cmd.currency, 'house_equity'), amountMinor: cmd.amount },
      ];
    case 'hold':
      return [
        { account: user(cmd.currency, 'available'), amountMinor: -cmd.amount },
        { account: user(cmd.currency, 'withdraw_hold'), amountMinor: cmd.amount },
      ];
    case 'release':
      return [
        { account: user(cmd.currency, 'withdraw_hold'), amountMinor: -cmd.amount },
        { account: user(cmd.currency, 'available'), amountMinor: cmd.amount },
      ];
    case 'capture':
      return [
        { account: user(cmd.currency, 'withdraw_hold'), amountMinor: -cmd.amount },
        { account: system(cmd.currency, 'bank_clearing'), amountMinor: cmd.amount },
      ];
    case 'exchange': {
      const to: CurrencyKey = cmd.from === 'money' ? 'usdt' : 'money';
      return [
        { account: user(cmd.from, 'available'), amountMinor: -cmd.amount },
        { account: system(cmd.from, 'exchange_clearing'), amountMinor: cmd.amount },
        { account: system(to, 'exchange_clearing'), amountMinor: -cmd.received },
        { account: user(to, 'available'), amountMinor: cmd.received },
      ];
    }
  }
}

/** The model's answer: the new balances, or undefined when a user balance would go negative. */
function applyToModel(model: Model, postings: PostingSpec[]): Model | undefined {
  const next = new Map(model);
  for (const p of postings) {
    if (!('userId' in p.account)) continue;
    const k = key(p.account.currency, p.account.purpose);
    const value = (next.get(k) ?? 0n) + p.amountMinor;
    if (value < 0n) return undefined;
    next.set(k, value);
  }
  return next;
}

describe('ledger model', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('never diverges from the model over random sequences', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const user = await insertTestUser(db);
        let model: Model = new Map();
        for (const cmd of commands) {
          const postings = postingsFor(user.id, cmd);
          const expected = applyToModel(model, postings);
          const outcome = await db
            .transaction((tx) =>
              ledger.post(tx, {
                kind: KIND[cmd.op],
                actor: 'test:model',
                userId: user.id,
                postings,
              }),
            )
            .then(
              () => 'posted' as const,
              (error: unknown) => {
                if (error instanceof AppError && error.def.key === 'insufficient_balance')
                  return 'refused' as const;
                throw error;
              },
            );
          expect(outcome).toBe(expected ? 'posted' : 'refused');
          if (expected) model = expected;
          const actual = await ledger.userAccounts(db, user.id);
          for (const a of actual) {
            expect(a.balanceMinor, `${a.currency}:${a.purpose}`).toBe(
              model.get(`${a.currency}:${a.purpose}`) ?? 0n,
            );
          }
        }
      }),
      { numRuns: 400 },
    );
    const report = await reconcile(db);
    expect(report.unbalancedJournals).toEqual([]);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.negativeBalances).toEqual([]);
    expect(report.totals.every((x) => x.totalMinor === '0')).toBe(true);
    expect(report.ok).toBe(true);
  }, 120_000); // about 2,600 transactions: generous for a busy 2-core machine
});
