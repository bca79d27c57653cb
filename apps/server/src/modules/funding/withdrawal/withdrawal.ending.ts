import type { FundingReason } from '@ampere/contract';
import type { Db } from '../../../db/client.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import { createTimelineRepository } from '../timeline.js';
import { createWithdrawalRepository, type WithdrawalRow } from './withdrawal.repository.js';
import { currencyOf } from './withdrawal.views.js';

interface EndingDeps {
  ledger: LedgerService;
  now: () => Date;
}

/**
 * Ends a locked, held withdrawal with its hold released to available (rejected or cancelled):
 * one `withdraw_refund` journal, recorded as the withdrawal's end journal — the unique index on
 * it and the row lock make "released exactly once" hold even against a bug.
 */
export async function endWithRefund(
  { ledger, now }: EndingDeps,
  tx: Db,
  row: WithdrawalRow,
  e: {
    status: 'cancelled' | 'rejected';
    actor: string;
    reason: FundingReason;
    note: string | null;
    decidedBy?: { id: bigint; username: string };
  },
): Promise<WithdrawalRow> {
  const currency = currencyOf(row);
  const released = await ledger.post(tx, {
    kind: 'withdraw_refund',
    actor: e.actor,
    userId: row.userId,
    reference: `withdrawal:${row.id}`,
    postings: [
      {
        account: { userId: row.userId, currency, purpose: 'withdraw_hold' },
        amountMinor: -row.amountMinor,
      },
      {
        account: { userId: row.userId, currency, purpose: 'available' },
        amountMinor: row.amountMinor,
      },
    ],
  });
  const at = now();
  const ended = await createWithdrawalRepository(tx).update(row.id, {
    status: e.status,
    endJournalId: released.journalId,
    decidedBy: e.decidedBy?.id ?? null,
    decidedByName: e.decidedBy?.username ?? null,
    decidedAt: at,
  });
  await createTimelineRepository(tx).add('withdrawal', row.id, {
    event: e.status,
    at,
    actor: e.actor,
    reason: e.reason,
    note: e.note,
  });
  return ended;
}

/**
 * Ends a locked, approved (or paying) withdrawal as paid: one `withdraw_payout` journal — the
 * hold out, the arrival to the clearing account money leaves by (bank or chain), the fee to
 * house fees.
 */
export async function endWithPayout(
  { ledger, now }: EndingDeps,
  tx: Db,
  row: WithdrawalRow,
  e: {
    actor: string;
    reference: string;
    note: string | null;
    decidedBy?: { id: bigint; username: string };
  },
): Promise<WithdrawalRow> {
  const currency = currencyOf(row);
  const clearing = currency === 'money' ? 'bank_clearing' : 'chain_clearing';
  const arrival = row.amountMinor - row.feeMinor;
  const paid = await ledger.post(tx, {
    kind: 'withdraw_payout',
    actor: e.actor,
    userId: row.userId,
    reference: `withdrawal:${row.id}`,
    memo: `payout ${e.reference}`,
    postings: [
      {
        account: { userId: row.userId, currency, purpose: 'withdraw_hold' },
        amountMinor: -row.amountMinor,
      },
      { account: { system: clearing, currency }, amountMinor: arrival },
      ...(row.feeMinor > 0n
        ? [{ account: { system: 'house_fees' as const, currency }, amountMinor: row.feeMinor }]
        : []),
    ],
  });
  const at = now();
  const ended = await createWithdrawalRepository(tx).update(row.id, {
    status: 'paid',
    endJournalId: paid.journalId,
    payoutReference: e.reference,
    decidedBy: e.decidedBy?.id ?? null,
    decidedByName: e.decidedBy?.username ?? null,
    decidedAt: at,
  });
  await createTimelineRepository(tx).add('withdrawal', row.id, {
    event: 'paid',
    at,
    actor: e.actor,
    note: e.note,
  });
  return ended;
}
