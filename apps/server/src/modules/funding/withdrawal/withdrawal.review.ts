import { formatAmount, type FundingReason } from '@ampere/contract';
import type {
  AdminWithdrawal,
  AdminWithdrawalListQuery,
  PendingQueue,
} from '@ampere/contract/admin';
import type { TFunction } from 'i18next';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { runIdempotent } from '../../ledger/idempotency.js';
import type {
  NotificationEvent,
  WrittenNotification,
} from '../../notifications/notifications.service.js';
import type { FundingDeps } from '../deps.js';
import { pushFunding } from '../pushes.js';
import type { Member } from '../staff-member.js';
import { member, userIdByUid, userIn, usersOf } from '../staff-views.js';
import { createTimelineRepository, timelineView } from '../timeline.js';
import { endWithPayout, endWithRefund } from './withdrawal.ending.js';
import {
  createWithdrawalRepository,
  destinationOf,
  type WithdrawalRow,
} from './withdrawal.repository.js';
import { currencyOf } from './withdrawal.views.js';

type Action = 'approve' | 'reject' | 'paid' | 'send';

/** Writes a notification in the action's transaction; it is pushed once that has committed. */
type Notify = (tx: Db, event: NotificationEvent) => Promise<void>;

/** The user's news of a withdrawal reaching `kind`'s state, with its amounts. */
function withdrawalNews(
  row: WithdrawalRow,
  kind: 'withdrawal_approved' | 'withdrawal_paid',
): NotificationEvent;
function withdrawalNews(
  row: WithdrawalRow,
  kind: 'withdrawal_rejected',
  reason: FundingReason,
): NotificationEvent;
function withdrawalNews(
  row: WithdrawalRow,
  kind: 'withdrawal_approved' | 'withdrawal_paid' | 'withdrawal_rejected',
  reason?: FundingReason,
): NotificationEvent {
  const currency = currencyOf(row);
  const amount = formatAmount(row.amountMinor, currency);
  const base = { userId: row.userId, subjectId: row.id };
  switch (kind) {
    case 'withdrawal_approved':
      return { ...base, kind, params: { currency, amount } };
    case 'withdrawal_paid':
      return {
        ...base,
        kind,
        params: {
          currency,
          amount,
          arrival: formatAmount(row.amountMinor - row.feeMinor, currency),
        },
      };
    case 'withdrawal_rejected':
      return { ...base, kind, params: { currency, amount, reason: reason ?? 'other' } };
  }
}

/**
 * Withdrawals, finance's side (docs/funding.md): approve (twice, by two different members, at or
 * above the second-approval amount), reject with a reason (refunded), mark paid with the bank's
 * reference, or send a USDT payout through the chain port. Each action is one transaction with
 * the row locked, its timeline entry and one audit row, under an Idempotency-Key; a user's cancel
 * and a member's approval at once queue on the row lock, and the second finds the state changed.
 */
export function createWithdrawalReview(deps: FundingDeps) {
  const { db, ledger, notifications, audit, bus, chain, box, now } = deps;
  const chainPayout = (row: WithdrawalRow) => {
    const d = destinationOf(row);
    return d.kind === 'address' && chain.networks().some((n) => n.key === d.network);
  };

  async function views(rows: WithdrawalRow[], t: TFunction): Promise<AdminWithdrawal[]> {
    const users = await usersOf(
      deps,
      rows.map((r) => r.userId),
    );
    const events = await createTimelineRepository(db).of(
      'withdrawal',
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const currency = currencyOf(r);
      const d = destinationOf(r);
      const approvals = [
        ...(r.approvedBy !== null && r.approvedAt
          ? [
              {
                by: { id: r.approvedBy.toString(), username: r.approvedByName ?? '' },
                at: r.approvedAt.toISOString(),
              },
            ]
          : []),
        ...(r.secondApprovedBy !== null && r.secondApprovedAt
          ? [
              {
                by: { id: r.secondApprovedBy.toString(), username: r.secondApprovedByName ?? '' },
                at: r.secondApprovedAt.toISOString(),
              },
            ]
          : []),
      ];
      return {
        id: r.id.toString(),
        user: userIn(users, r.userId),
        currency,
        amount: formatAmount(r.amountMinor, currency),
        fee: formatAmount(r.feeMinor, currency),
        actualArrival: formatAmount(r.amountMinor - r.feeMinor, currency),
        status: r.status as AdminWithdrawal['status'],
        destination:
          d.kind === 'card'
            ? {
                kind: 'card',
                accountName: d.accountName,
                bankName: d.bankName,
                cardNumber: box.open(d.cardSealed),
                branch: d.branch,
              }
            : { kind: 'address', network: d.network, address: d.address },
        approvalsNeeded: r.approvalsNeeded,
        approvals,
        chainPayout: chainPayout(r),
        payoutReference: r.payoutReference,
        createdAt: r.createdAt.toISOString(),
        decidedBy: member(r.decidedBy, r.decidedByName),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        timeline: timelineView(events.get(r.id) ?? [], t),
      };
    });
  }

  async function one(id: bigint, t: TFunction): Promise<AdminWithdrawal> {
    const row = await createWithdrawalRepository(db).find(id);
    if (!row) throw new AppError('FUNDING_RECORD_NOT_FOUND');
    const [view] = await views([row], t);
    if (!view) throw new Error('withdrawal view missing');
    return view;
  }

  const auditState = (r: WithdrawalRow) => ({
    status: r.status,
    currency: r.currency,
    amount: formatAmount(r.amountMinor, currencyOf(r)),
    fee: formatAmount(r.feeMinor, currencyOf(r)),
    approvedBy: r.approvedByName,
    secondApprovedBy: r.secondApprovedByName,
    payoutReference: r.payoutReference,
  });

  /**
   * One staff action on a withdrawal: key claimed, row locked, `work` (which may `notify` the
   * user), one audit row; pushed after.
   */
  async function act(
    by: Member,
    id: bigint,
    key: string,
    action: Action,
    body: Record<string, unknown>,
    work: (tx: Db, row: WithdrawalRow, notify: Notify) => Promise<WithdrawalRow>,
  ): Promise<WithdrawalRow> {
    const found = await createWithdrawalRepository(db).find(id);
    if (!found) throw new AppError('FUNDING_RECORD_NOT_FOUND');
    const notes: WrittenNotification[] = [];
    const notify: Notify = async (tx, event) => {
      notes.push(...(await notifications.record(tx, [event])));
    };
    await db.transaction((tx) =>
      runIdempotent(
        tx,
        {
          userId: found.userId,
          key,
          operation: `admin/withdrawals/${action}`,
          body: { id, by: by.id, ...body },
        },
        async () => {
          const row = await createWithdrawalRepository(tx).find(id, { forUpdate: true });
          if (!row) throw new AppError('FUNDING_RECORD_NOT_FOUND');
          const done = await work(tx, row, notify);
          await audit.record(tx, by.audit, {
            action: `funding.withdrawal_${action === 'paid' ? 'marked_paid' : action === 'send' ? 'sent' : `${action}d`}`,
            subject: `withdrawal:${id}`,
            before: auditState(row),
            after: auditState(done),
            note: body,
          });
          return { id: id.toString() };
        },
      ),
    );
    await notifications.announce(notes);
    const row = await createWithdrawalRepository(db).find(id);
    if (!row) throw new Error(`withdrawal ${id} vanished`);
    return row;
  }

  const pushed = (row: WithdrawalRow, moved: boolean) => {
    pushFunding(
      bus,
      row.userId,
      { kind: 'withdrawal', id: row.id.toString(), status: row.status, at: now().toISOString() },
      moved ? [{ currency: currencyOf(row) }] : [],
    );
  };

  /** Paid or refused already: nothing more to decide. */
  const assertOpen = (row: WithdrawalRow) => {
    if (!['pending', 'approved'].includes(row.status))
      throw new AppError('FUNDING_ALREADY_DECIDED');
  };

  return {
    get: one,

    async list(q: AdminWithdrawalListQuery, t: TFunction) {
      const rows = await createWithdrawalRepository(db).list({
        ...(q.status === undefined ? {} : { status: q.status }),
        ...(q.currency === undefined ? {} : { currency: q.currency }),
        ...(q.uid === undefined ? {} : { userId: await userIdByUid(deps, q.uid) }),
        ...(q.cursor === undefined ? {} : { cursor: BigInt(q.cursor) }),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return {
        items: await views(page, t),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    async approve(by: Member, id: bigint, note: string | undefined, key: string, t: TFunction) {
      const row = await act(by, id, key, 'approve', { note }, async (tx, r, notify) => {
        if (r.status !== 'pending') throw new AppError('FUNDING_ALREADY_DECIDED');
        const at = now();
        const second = r.approvedBy !== null;
        if (second && r.approvedBy === by.id) throw new AppError('WITHDRAWAL_SAME_APPROVER');
        const done = await createWithdrawalRepository(tx).update(
          r.id,
          second
            ? {
                status: 'approved',
                secondApprovedBy: by.id,
                secondApprovedByName: by.username,
                secondApprovedAt: at,
              }
            : {
                ...(r.approvalsNeeded === 1 ? { status: 'approved' } : {}),
                approvedBy: by.id,
                approvedByName: by.username,
                approvedAt: at,
              },
        );
        await createTimelineRepository(tx).add('withdrawal', r.id, {
          event: second ? 'second_approved' : 'approved',
          at,
          actor: `staff:${by.username}`,
          note: note ?? null,
        });
        // The user hears of it once every approval it needs is in.
        if (done.status === 'approved')
          await notify(tx, withdrawalNews(done, 'withdrawal_approved'));
        return done;
      });
      pushed(row, false);
      return one(id, t);
    },

    async reject(
      by: Member,
      id: bigint,
      reason: FundingReason,
      note: string | undefined,
      key: string,
      t: TFunction,
    ) {
      const row = await act(by, id, key, 'reject', { reason, note }, async (tx, r, notify) => {
        assertOpen(r);
        const ended = await endWithRefund({ ledger, now }, tx, r, {
          status: 'rejected',
          actor: `staff:${by.username}`,
          reason,
          note: note ?? null,
          decidedBy: by,
        });
        await notify(tx, withdrawalNews(ended, 'withdrawal_rejected', reason));
        return ended;
      });
      pushed(row, true);
      return one(id, t);
    },

    /** Paid outside (bank transfer, or USDT by hand where no network pays through the chain). */
    async markPaid(
      by: Member,
      id: bigint,
      reference: string,
      note: string | undefined,
      key: string,
      t: TFunction,
    ) {
      const row = await act(by, id, key, 'paid', { reference, note }, async (tx, r, notify) => {
        assertOpen(r);
        if (r.status !== 'approved') throw new AppError('WITHDRAWAL_NOT_APPROVED');
        if (chainPayout(r)) throw new AppError('WITHDRAWAL_CHAIN_ONLY');
        const paid = await endWithPayout({ ledger, now }, tx, r, {
          actor: `staff:${by.username}`,
          reference,
          note: note ?? null,
          decidedBy: by,
        });
        await notify(tx, withdrawalNews(paid, 'withdrawal_paid'));
        return paid;
      });
      pushed(row, true);
      return one(id, t);
    },

    /**
     * Pays a USDT withdrawal through the chain port: `paying` is committed (with the audit row)
     * before the chain is asked, so a crash leaves it visibly in flight; the chain's answer then
     * ends it as paid with the transaction hash, or puts it back to approved (payout_failed).
     * The withdrawal's id is the payout's reference, so a retried send is recognisably the same.
     */
    async send(by: Member, id: bigint, note: string | undefined, key: string, t: TFunction) {
      const claimed = await act(by, id, key, 'send', { note }, async (tx, r) => {
        assertOpen(r);
        if (r.status !== 'approved') throw new AppError('WITHDRAWAL_NOT_APPROVED');
        if (!chainPayout(r)) throw new AppError('WITHDRAWAL_NOT_CHAIN');
        await createTimelineRepository(tx).add('withdrawal', r.id, {
          event: 'paying',
          at: now(),
          actor: `staff:${by.username}`,
          note: note ?? null,
        });
        return createWithdrawalRepository(tx).update(r.id, { status: 'paying' });
      });
      if (claimed.status !== 'paying') return one(id, t); // a replay of a finished send
      pushed(claimed, false);
      const d = destinationOf(claimed);
      if (d.kind !== 'address')
        throw new Error(`withdrawal ${id} sent on chain without an address`);
      let txHash: string;
      try {
        ({ txHash } = await chain.send(
          d.network,
          d.address,
          claimed.amountMinor - claimed.feeMinor,
          `withdrawal:${id}`,
        ));
      } catch {
        await db.transaction(async (tx) => {
          const r = await createWithdrawalRepository(tx).find(id, { forUpdate: true });
          if (r?.status !== 'paying') return;
          await createWithdrawalRepository(tx).update(id, { status: 'approved' });
          await createTimelineRepository(tx).add('withdrawal', id, {
            event: 'payout_failed',
            at: now(),
            actor: 'system',
            reason: 'payout_failed',
          });
        });
        pushed({ ...claimed, status: 'approved' }, false);
        throw new AppError('PAYOUT_FAILED');
      }
      const [paid, notes] = await db.transaction(async (tx) => {
        const r = await createWithdrawalRepository(tx).find(id, { forUpdate: true });
        if (r?.status !== 'paying') throw new Error(`withdrawal ${id} left paying while sent`);
        const ended = await endWithPayout({ ledger, now }, tx, r, {
          actor: 'system:chain',
          reference: txHash,
          note: null,
          decidedBy: by,
        });
        return [
          ended,
          await notifications.record(tx, [withdrawalNews(ended, 'withdrawal_paid')]),
        ] as const;
      });
      pushed(paid, true);
      await notifications.announce(notes);
      return one(id, t);
    },

    /** For the dashboard: withdrawals to approve (`pending`) or to pay (`approved`). */
    async pendingQueue(status: 'pending' | 'approved'): Promise<PendingQueue> {
      const { count, oldestAt } = await createWithdrawalRepository(db).waiting(status);
      const name = status === 'pending' ? 'funding.withdrawals' : 'funding.payouts';
      return { name, count, oldestAt: oldestAt?.toISOString() ?? null };
    },
  };
}

export type WithdrawalReview = ReturnType<typeof createWithdrawalReview>;
