import type { CurrencyKey } from '@ampere/contract';
import { formatAmount } from '@ampere/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { insertTestUser } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { reconcile } from '../ledger/reconcile.js';

/**
 * Model-based: random sequences of credit and debit requests, approvals and rejections by
 * random members (three in finance, one in support) go through the staff API and through a
 * small model of the rules — four eyes, pending only, no balance below zero. Any divergence
 * fails the run, and fast-check prints the seed and the shrunk sequence.
 */
type Command =
  | {
      kind: 'request';
      op: 'credit' | 'debit';
      member: number;
      user: number;
      currency: CurrencyKey;
      amount: bigint;
    }
  | { kind: 'decide'; op: 'approve' | 'reject'; member: number; pick: number };

const MEMBERS = 4; // 0–2 finance, 3 support
const USERS = 2;
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('request' as const),
    op: fc.constantFrom('credit' as const, 'debit' as const),
    member,
    user: fc.integer({ min: 0, max: USERS - 1 }),
    currency: fc.constantFrom<CurrencyKey>('money', 'usdt'),
    amount: fc.bigInt({ min: 1n, max: 5_000n }),
  }),
  fc.record({
    kind: fc.constant('decide' as const),
    op: fc.constantFrom('approve' as const, 'reject' as const),
    member,
    pick: fc.nat(),
  }),
);

interface ModelAdjustment {
  id: string;
  user: number;
  currency: CurrencyKey;
  amount: bigint;
  requester: number;
  status: 'pending' | 'approved' | 'rejected';
}

/** What the rules say a decision answers, and what it does to the model. */
function expectedDecision(
  op: 'approve' | 'reject',
  by: number,
  adj: ModelAdjustment,
  balances: Map<string, bigint>,
): number {
  if (by === 3) return 403;
  if (adj.requester === by) return 7021;
  if (adj.status !== 'pending') return 7022;
  if (op === 'reject') return 0;
  const key = `${adj.user}:${adj.currency}`;
  return (balances.get(key) ?? 0n) + adj.amount < 0n ? 3001 : 0;
}

describe('adjustments model', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-21T08:00:00Z'));
  let staff: StaffClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    staff = [
      await signInStaff(t.app, 'fin0', 'finance', clock.now),
      await signInStaff(t.app, 'fin1', 'finance', clock.now),
      await signInStaff(t.app, 'fin2', 'finance', clock.now),
      await signInStaff(t.app, 'sup3', 'support', clock.now),
    ];
  });
  afterAll(() => t.close());

  let keys = 0;
  const post = (by: number, url: string, payload: object) =>
    staff[by]!.call({
      method: 'POST',
      url,
      payload,
      headers: { 'idempotency-key': `model-${++keys}-key` },
    });

  it('never diverges from the model; Σ ledger = 0; one journal per approval', async () => {
    const db = t.database.db;
    /** How often each answer came: the run must have exercised every rule. */
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 15 }), async (commands) => {
        const users = await Promise.all(Array.from({ length: USERS }, () => insertTestUser(db)));
        const balances = new Map<string, bigint>();
        const adjustments: ModelAdjustment[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'request') {
            const amount = cmd.op === 'credit' ? cmd.amount : -cmd.amount;
            const res = await post(cmd.member, 'adjustments', {
              uid: users[cmd.user]!.uid.toString(),
              currency: cmd.currency,
              amount: formatAmount(amount, cmd.currency),
              reason: `model ${cmd.op}`,
            });
            expect(res.json(), res.body).toMatchObject({ code: 0, data: { status: 'pending' } });
            adjustments.push({
              id: res.json().data.id,
              user: cmd.user,
              currency: cmd.currency,
              amount,
              requester: cmd.member,
              status: 'pending',
            });
            continue;
          }
          const adj = adjustments[cmd.pick % Math.max(1, adjustments.length)];
          if (!adj) {
            const res = await post(cmd.member, `adjustments/999999999/${cmd.op}`, {
              note: 'nothing to decide',
            });
            expect(res.json().code).toBe(cmd.member === 3 ? 403 : 7020);
            continue;
          }
          const expected = expectedDecision(cmd.op, cmd.member, adj, balances);
          const res = await post(cmd.member, `adjustments/${adj.id}/${cmd.op}`, {
            note: `model ${cmd.op}`,
          });
          expect(res.json().code, res.body).toBe(expected);
          seen.set(expected, (seen.get(expected) ?? 0) + 1);
          if (expected !== 0) continue;
          if (cmd.op === 'reject') {
            adj.status = 'rejected';
            continue;
          }
          adj.status = 'approved';
          const key = `${adj.user}:${adj.currency}`;
          balances.set(key, (balances.get(key) ?? 0n) + adj.amount);
        }
        for (const [i, u] of users.entries()) {
          for (const a of await t.app.services.ledger.userAccounts(db, u.id)) {
            const want =
              a.purpose === 'available' ? (balances.get(`${i}:${a.currency}`) ?? 0n) : 0n;
            expect(a.balanceMinor, `${i}:${a.currency}:${a.purpose}`).toBe(want);
            expect(a.balanceMinor >= 0n).toBe(true);
          }
        }
        for (const adj of adjustments) {
          const [row] = await queryRows<{ n: string }>(
            db,
            sql`select count(*)::text as n from ledger_journal where reference = ${`adjustment:${adj.id}`}`,
          );
          expect(row?.n, `${adj.id} ${adj.status}`).toBe(adj.status === 'approved' ? '1' : '0');
        }
      }),
      {
        numRuns: 80,
        // One sequence that surely meets every answer the check below asks for.
        examples: [
          [
            [
              { kind: 'request', op: 'debit', member: 0, user: 0, currency: 'money', amount: 100n },
              { kind: 'decide', op: 'approve', member: 1, pick: 0 }, // 3001
              { kind: 'decide', op: 'approve', member: 0, pick: 0 }, // 7021
              { kind: 'decide', op: 'approve', member: 3, pick: 0 }, // 403
              { kind: 'decide', op: 'reject', member: 1, pick: 0 }, // 0
              { kind: 'decide', op: 'reject', member: 2, pick: 0 }, // 7022
            ],
          ],
        ],
      },
    );
    expect([...seen.keys()].sort()).toEqual([0, 3001, 403, 7021, 7022]);
    const report = await reconcile(db);
    expect(report.unbalancedJournals).toEqual([]);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.negativeBalances).toEqual([]);
    expect(report.totals.every((x) => x.totalMinor === '0')).toBe(true);
    expect(report.ok).toBe(true);
  }, 180_000);
});
