import { DEFAULT_FUNDING_RULES } from '@ampere/contract/admin';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { translator } from '../../i18n/index.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { reconcile } from '../ledger/reconcile.js';
import type { FundingService } from './funding.service.js';
import type { Member } from './staff-member.js';
import { FUND_PASSWORD, fundingUser, newKey, VISA } from './test/api.js';
import { financeMember } from './test/harness.js';

/**
 * Model-based: random sequences of recharges (confirmed or rejected), withdrawals, cancels,
 * rejections, payouts and exchanges go through funding's service and through a small model.
 * After each sequence the user's balances equal the model's, none is negative, every ended
 * withdrawal released its hold exactly once (one refund or one payout journal, never both), and
 * at the end the whole ledger reconciles (Σ = 0 per currency and per journal).
 */
type Command =
  | { kind: 'recharge'; amount: number; confirm: boolean }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'cancel' | 'reject' | 'pay'; pick: number }
  | { kind: 'exchange'; amount: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('recharge' as const),
    amount: fc.integer({ min: 100, max: 3000 }),
    confirm: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    amount: fc.integer({ min: 100, max: 2000 }),
  }),
  fc.record({
    kind: fc.constantFrom('cancel' as const, 'reject' as const, 'pay' as const),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('exchange' as const), amount: fc.integer({ min: 1, max: 800 }) }),
);

/**
 * Each sequence starts with money in and one withdrawal held, so the random commands after it
 * meet pending, approved and ended withdrawals often enough to exercise every rule.
 */
const sequence = fc
  .array(command, { minLength: 1, maxLength: 12 })
  .map((rest): Command[] => [
    { kind: 'recharge', amount: 3000, confirm: true },
    { kind: 'withdraw', amount: 200 },
    ...rest,
  ]);

interface ModelWithdrawal {
  id: bigint;
  amount: bigint;
  status: 'pending' | 'paid' | 'rejected' | 'cancelled';
}

const codeOf = (error: unknown) => (error instanceof AppError ? error.def.code : -1);

describe('funding against a model', () => {
  let t: TestApp;
  const clock = testClock();
  let funding: FundingService;
  let fin1: Member;
  let fin2: Member;
  let accountId: string;
  const en = translator('en-US');
  let runs = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    funding = t.app.services.funding;
    fin1 = await financeMember(t, 'model-fin1');
    fin2 = await financeMember(t, 'model-fin2');
    const settings = t.app.services.settings;
    await settings.set('fundingRules', {
      ...DEFAULT_FUNDING_RULES,
      recharge: { ...DEFAULT_FUNDING_RULES.recharge, pendingMax: 20 },
      withdraw: { ...DEFAULT_FUNDING_RULES.withdraw, dailyCount: 100 },
    });
    await settings.set('exchangeRate', {
      rate: '7.100000',
      spreadBps: 25,
      updatedAt: null,
      updatedBy: null,
    });
    accountId = (
      await funding.rechargeReview.saveReceivingAccount(fin1, undefined, {
        bankName: 'Bank of Model',
        accountName: 'Ampere Ltd',
        cardNumber: '6222020000000001',
        branch: 'Main',
        enabled: true,
        sortOrder: 0,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('keeps Σ ledger = 0, no negative balance, holds released exactly once', async () => {
    const seen = new Map<string, number>();
    const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(sequence, async (commands) => {
        const u = await fundingUser(t.app, t.database.db, `model${++runs}`);
        const user = await t.app.services.auth.users.findById(u.id);
        if (!user) throw new Error('user');
        await funding.cards.bind(user, {
          accountName: 'Model User',
          bankName: 'ICBC',
          cardNumber: VISA,
          branch: 'Main',
        });
        const m = { money: 0n, hold: 0n, usdt: 0n };
        const withdrawals: ModelWithdrawal[] = [];
        const pick = (i: number) => withdrawals[i % Math.max(1, withdrawals.length)];

        for (const cmd of commands) {
          switch (cmd.kind) {
            case 'recharge': {
              const r = await funding.recharge.submit(
                user.id,
                {
                  method: 'bank',
                  accountId,
                  amount: `${cmd.amount}.00`,
                  payerName: 'Model User',
                  reference: 'MODEL-REF',
                },
                newKey(),
                'en-US',
                en,
              );
              if (cmd.confirm) {
                await funding.rechargeReview.confirm(fin1, BigInt(r.id), undefined, newKey(), en);
                m.money += BigInt(cmd.amount) * 100n;
              } else {
                await funding.rechargeReview.reject(
                  fin1,
                  BigInt(r.id),
                  'duplicate',
                  undefined,
                  newKey(),
                  en,
                );
              }
              note(`recharge ${cmd.confirm}`);
              break;
            }
            case 'withdraw': {
              const amount = BigInt(cmd.amount) * 100n;
              const req = {
                currency: 'money' as const,
                amount: `${cmd.amount}.00`,
                mpassword: FUND_PASSWORD,
              };
              if (m.money >= amount) {
                const w = await funding.withdrawal.request(user, req, newKey(), 'en-US', en);
                withdrawals.push({ id: BigInt(w.id), amount, status: 'pending' });
                m.money -= amount;
                m.hold += amount;
                note('withdraw');
              } else {
                const error: unknown = await funding.withdrawal
                  .request(user, req, newKey(), 'en-US', en)
                  .catch((e: unknown) => e);
                expect(codeOf(error)).toBe(3001);
                note('withdraw refused');
              }
              break;
            }
            case 'cancel':
            case 'reject': {
              const w = pick(cmd.pick);
              if (!w) break;
              const act =
                cmd.kind === 'cancel'
                  ? funding.withdrawal.cancel(user, w.id, newKey(), en)
                  : funding.withdrawalReview.reject(
                      fin1,
                      w.id,
                      'risk_review',
                      undefined,
                      newKey(),
                      en,
                    );
              if (w.status === 'pending') {
                await act;
                w.status = cmd.kind === 'cancel' ? 'cancelled' : 'rejected';
                m.hold -= w.amount;
                m.money += w.amount;
                note(cmd.kind);
              } else {
                expect(codeOf(await act.catch((e: unknown) => e))).toBe(
                  cmd.kind === 'cancel' ? 5022 : 7101,
                );
                note(`${cmd.kind} refused`);
              }
              break;
            }
            case 'pay': {
              const w = pick(cmd.pick);
              if (!w) break;
              const approve = funding.withdrawalReview.approve(fin1, w.id, undefined, newKey(), en);
              if (w.status === 'pending') {
                await approve;
                await funding.withdrawalReview.markPaid(
                  fin2,
                  w.id,
                  'MODEL-PAY',
                  undefined,
                  newKey(),
                  en,
                );
                w.status = 'paid';
                m.hold -= w.amount;
                note('pay');
              } else {
                expect(codeOf(await approve.catch((e: unknown) => e))).toBe(7101);
                note('pay refused');
              }
              break;
            }
            case 'exchange': {
              const amount = BigInt(cmd.amount) * 100n;
              const q = await funding.exchange.quote(user.id, 'money', `${cmd.amount}.00`);
              const run = funding.exchange.exchange(
                user.id,
                { quoteId: q.quoteId, from: 'money', amount: q.amount },
                newKey(),
                en,
              );
              if (m.money >= amount) {
                const done = await run;
                m.money -= amount;
                m.usdt += BigInt(done.receive.replace('.', ''));
                note('exchange');
              } else {
                expect(codeOf(await run.catch((e: unknown) => e))).toBe(3001);
                note('exchange refused');
              }
              break;
            }
          }
        }

        const b = await t.app.services.wallet.balance(user.id);
        const minor = (s: string) => BigInt(s.replace('.', ''));
        expect(minor(b.money.available)).toBe(m.money);
        expect(minor(b.money.frozen.withdrawHold)).toBe(m.hold);
        expect(minor(b.usdt.available)).toBe(m.usdt);
        for (const w of withdrawals) {
          const [row] = await queryRows<{ refunds: string; payouts: string }>(
            t.database.db,
            sql`select count(*) filter (where kind = 'withdraw_refund')::text as refunds,
                       count(*) filter (where kind = 'withdraw_payout')::text as payouts
                from ledger_journal where reference = ${`withdrawal:${w.id}`}`,
          );
          const ended = Number(row?.refunds) + Number(row?.payouts);
          expect(ended, `${w.id} ${w.status}`).toBe(w.status === 'pending' ? 0 : 1);
          expect(Number(row?.payouts)).toBe(w.status === 'paid' ? 1 : 0);
        }
      }),
      {
        numRuns: 25,
        // Two sequences that surely meet what the coverage check below asks for: a refusal
        // (random ones rarely spend down 2,800 CNY), and a reject, a cancel, a payout and an
        // exchange each on a pending withdrawal — 25 random runs miss one now and then.
        examples: [
          [
            [
              { kind: 'recharge', amount: 3000, confirm: true },
              { kind: 'withdraw', amount: 200 },
              { kind: 'withdraw', amount: 2000 },
              { kind: 'withdraw', amount: 2000 },
            ],
          ],
          [
            [
              { kind: 'recharge', amount: 3000, confirm: true },
              { kind: 'withdraw', amount: 200 },
              { kind: 'withdraw', amount: 100 },
              { kind: 'withdraw', amount: 100 },
              { kind: 'reject', pick: 0 },
              { kind: 'cancel', pick: 1 },
              { kind: 'pay', pick: 2 },
              { kind: 'exchange', amount: 10 },
            ],
          ],
        ],
      },
    );
    for (const what of ['withdraw', 'withdraw refused', 'cancel', 'reject', 'pay', 'exchange'])
      expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
    const report = await reconcile(t.database.db);
    expect(report.unbalancedJournals).toEqual([]);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.negativeBalances).toEqual([]);
    expect(report.totals.every((x) => x.totalMinor === '0')).toBe(true);
  }, 600_000);
});
