import { randomInt } from 'node:crypto';
import { DEFAULT_FUNDING_RULES } from '@ampere/contract/admin';
import type pg from 'pg';
import type { Address } from 'viem';
import { DEV_NODE } from '../../apps/server/src/modules/funding/chain/chain.config.js';
import {
  transferToken,
  type LocalNode,
} from '../../apps/server/src/modules/funding/chain/testing/local-node.js';
import { CUSTOMER_KEY, startChain } from '../support/chain.js';
import type { StaffHttpClient } from './staff.js';

/**
 * The soak's money in and out (issue #19 item 2): bank recharges a finance member confirms,
 * USDT sent on a local chain that the jobs leader's watcher credits, and CNY withdrawals finance
 * approves and marks paid — all while nodes die. What was accepted is tracked here and checked
 * against the database at the end.
 */
export interface FundingTally {
  /** Recharges and withdrawals whose staff decision answered 0. */
  confirmed: Set<string>;
  approved: Set<string>;
  paid: Set<string>;
  /** USDT transfers sent on the chain, by transaction hash: the amount in minor units. */
  sent: Map<string, bigint>;
}

export const newTally = (): FundingTally => ({
  confirmed: new Set(),
  approved: new Set(),
  paid: new Set(),
  sent: new Map(),
});

/**
 * The operator's set-up, as the back office would write it: withdrawals open all day and
 * plenty a day; one enabled receiving account. Returns that account's id.
 */
export async function prepareFunding(client: pg.Client): Promise<string> {
  const rules = {
    ...DEFAULT_FUNDING_RULES,
    withdraw: {
      ...DEFAULT_FUNDING_RULES.withdraw,
      dailyCount: 100,
      windowFrom: '00:00',
      windowTo: '24:00',
    },
  };
  await client.query(
    `insert into system_setting (key, value) values ('fundingRules', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(rules)],
  );
  const account = await client.query<{ id: string }>(
    `insert into receiving_account (bank_name, account_name, card_number, branch, enabled, updated_at)
     values ('Soak Bank', 'Ampere Ltd', '6222020000000000001', 'Main', true, now()) returning id`,
  );
  return account.rows[0]?.id ?? '';
}

/** The local EVM with the test USDT (E2E's), where the soak's customer sends from. */
export const startSoakChain = (): Promise<LocalNode> => startChain();

/** Sends `amountMinor` test USDT to `to`, mined at once; records it in the tally. */
export async function sendUsdt(
  chain: LocalNode,
  tally: FundingTally,
  to: Address,
  amountMinor: bigint,
): Promise<void> {
  const hash = await transferToken(chain, DEV_NODE.tokenAddress, CUSTOMER_KEY, to, amountMinor);
  tally.sent.set(hash.toLowerCase(), amountMinor);
}

interface QueueItem {
  id: string;
}

/**
 * A review queue's items. No answer at all (every node down for the client's retries) is an
 * empty pass, tried again on the next; an error answer is the soak's failure, said as such.
 */
async function queue(staff: StaffHttpClient, path: string): Promise<QueueItem[]> {
  const answer = await staff.call<{ items: QueueItem[] }>('GET', path);
  if (!answer) return [];
  if (answer.code !== 0) throw new Error(`GET ${path}: ${answer.code} ${answer.msg}`);
  return answer.data.items;
}

/**
 * One pass of the finance desk: confirms every pending bank recharge, approves every pending
 * withdrawal, marks every approved one paid. Each decision is one POST under its own
 * Idempotency-Key, retried with that key while nodes die; "already decided" (7101) after a
 * retry whose first try had committed is expected and harmless.
 */
export async function financePass(staff: StaffHttpClient, tally: FundingTally): Promise<void> {
  const pending = await queue(staff, 'funding/recharges?status=pending&limit=50');
  for (const r of pending) {
    const answer = await staff.call('POST', `funding/recharges/${r.id}/confirm`);
    if (answer?.code === 0) tally.confirmed.add(r.id);
  }
  const toApprove = await queue(staff, 'funding/withdrawals?status=pending&limit=50');
  for (const w of toApprove) {
    const answer = await staff.call('POST', `funding/withdrawals/${w.id}/approve`);
    if (answer?.code === 0) tally.approved.add(w.id);
  }
  const toPay = await queue(staff, 'funding/withdrawals?status=approved&limit=50');
  for (const w of toPay) {
    const answer = await staff.call('POST', `funding/withdrawals/${w.id}/paid`, {
      reference: `soak-${w.id}-${randomInt(1_000_000)}`,
    });
    if (answer?.code === 0) tally.paid.add(w.id);
  }
}

export interface FundingChecks {
  /** Decisions or transfers accepted whose effect is missing. */
  lost: number;
  /** Effects beyond one per cause. */
  duplicated: number;
  recharges: number;
  withdrawals: number;
  deposits: number;
}

/**
 * Each accepted decision's effect exists once: a confirmed recharge is credited with one
 * journal, an approved-and-paid withdrawal paid with one hold and one end journal, and every
 * USDT transfer sent is credited once for its amount.
 */
export async function checkFunding(client: pg.Client, tally: FundingTally): Promise<FundingChecks> {
  const one = async (text: string, values: unknown[] = []) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]?.n ?? 'NaN');
  const hashes = [...tally.sent.keys()];
  const sentTotal = [...tally.sent.values()].reduce((a, b) => a + b, 0n);
  const lost =
    tally.confirmed.size -
    (await one(
      `select count(*) as n from bank_recharge where status = 'credited' and id = any($1::bigint[])`,
      [[...tally.confirmed]],
    )) +
    (tally.paid.size -
      (await one(
        `select count(*) as n from withdrawal where status = 'paid' and id = any($1::bigint[])`,
        [[...tally.paid]],
      ))) +
    (hashes.length -
      (await one(
        `select count(*) as n from chain_deposit where status = 'credited' and lower(tx_hash) = any($1)`,
        [hashes],
      )));
  const creditedSum = BigInt(
    (
      await client.query<{ s: string }>(
        `select coalesce(sum(amount_minor), 0)::text as s from chain_deposit
         where status = 'credited' and lower(tx_hash) = any($1)`,
        [hashes],
      )
    ).rows[0]?.s ?? '0',
  );
  const duplicated =
    (await one(`select count(*) as n from ledger_journal where kind = 'recharge'`)) -
    (await one(`select count(*) as n from bank_recharge where status = 'credited'`)) +
    ((await one(`select count(*) as n from ledger_journal where kind = 'withdraw_request'`)) -
      (await one(`select count(*) as n from withdrawal`))) +
    ((await one(
      `select count(*) as n from ledger_journal where kind in ('withdraw_payout', 'withdraw_refund')`,
    )) -
      (await one(
        `select count(*) as n from withdrawal where status in ('paid', 'rejected', 'cancelled')`,
      ))) +
    ((await one(`select count(*) as n from ledger_journal where kind = 'chain_deposit'`)) -
      (await one(`select count(*) as n from chain_deposit where status = 'credited'`))) +
    // More USDT credited than was sent (a transfer counted twice under another key).
    (creditedSum > sentTotal ? 1 : 0);
  return {
    lost,
    duplicated,
    recharges: await one(`select count(*) as n from bank_recharge where status = 'credited'`),
    withdrawals: await one(`select count(*) as n from withdrawal where status = 'paid'`),
    deposits: await one(`select count(*) as n from chain_deposit where status = 'credited'`),
  };
}
