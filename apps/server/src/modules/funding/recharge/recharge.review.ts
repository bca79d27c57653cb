import { formatAmount, type FundingReason } from '@ampere/contract';
import type {
  AdminRecharge,
  AdminRechargeListQuery,
  PendingQueue,
  ReceivingAccountChange,
} from '@ampere/contract/admin';
import { RECEIVING_ACCOUNTS_MAX } from '@ampere/contract/admin';
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
import {
  createReceivingAccountsRepository,
  type ReceivingAccountRow,
} from './receiving-accounts.repository.js';
import { createRechargeRepository, type RechargeRow } from './recharge.repository.js';

/** Expired per run of the expiry job: bounded, the next run takes the rest. */
export const EXPIRE_BATCH = 200;

/**
 * Bank recharges, finance's side (docs/funding.md): confirm — one journal from `bank_clearing`
 * to the user's available balance — or reject with a reason; each decision is one transaction
 * with its timeline entry and one audit row, under an Idempotency-Key. Two decisions at once
 * queue on the row lock; the second finds it decided (FUNDING_ALREADY_DECIDED). The expiry job
 * ends pending ones past their time the same way, with `SKIP LOCKED`.
 */
export function createRechargeReview(deps: FundingDeps) {
  const { db, ledger, notifications, levels, audit, bus, uploads, now } = deps;

  async function views(rows: RechargeRow[], t: TFunction): Promise<AdminRecharge[]> {
    const users = await usersOf(
      deps,
      rows.map((r) => r.userId),
    );
    const accounts = new Map(
      (await createReceivingAccountsRepository(db).all()).map((a) => [a.id, a]),
    );
    const events = await createTimelineRepository(db).of(
      'recharge',
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const account = accounts.get(r.accountId);
      return {
        id: r.id.toString(),
        user: userIn(users, r.userId),
        currency: 'money',
        amount: formatAmount(r.amountMinor, 'money'),
        status: r.status as AdminRecharge['status'],
        payerName: r.payerName,
        reference: r.reference,
        account: {
          id: r.accountId.toString(),
          bankName: account?.bankName ?? '',
          cardNumber: account?.cardNumber ?? '',
        },
        // Only through this funding.read route: a signed, short-lived address.
        proof: r.proofUploadId === null ? null : uploads.signed(r.proofUploadId),
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        decidedBy: member(r.decidedBy, r.decidedByName),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        journalId: r.journalId?.toString() ?? null,
        timeline: timelineView(events.get(r.id) ?? [], t),
      };
    });
  }

  async function one(id: bigint, t: TFunction): Promise<AdminRecharge> {
    const row = await createRechargeRepository(db).find(id);
    if (!row) throw new AppError('FUNDING_RECORD_NOT_FOUND');
    const [view] = await views([row], t);
    if (!view) throw new Error('recharge view missing');
    return view;
  }

  /**
   * One decision on a pending recharge, in one transaction: the key claimed, the row locked and
   * checked, `work` (journal, state, timeline, audit) and the notifications it returns. Pushed
   * after the commit.
   */
  async function decide(
    by: Member,
    id: bigint,
    key: string,
    action: 'confirm' | 'reject',
    body: object,
    work: (tx: Db, row: RechargeRow) => Promise<readonly NotificationEvent[]>,
    t: TFunction,
  ): Promise<AdminRecharge> {
    const found = await createRechargeRepository(db).find(id);
    if (!found) throw new AppError('FUNDING_RECORD_NOT_FOUND');
    let notes: WrittenNotification[] = [];
    await db.transaction((tx) =>
      runIdempotent(
        tx,
        {
          userId: found.userId,
          key,
          operation: `admin/recharges/${action}`,
          body: { id, by: by.id, ...body },
        },
        async () => {
          const row = await createRechargeRepository(tx).find(id, { forUpdate: true });
          if (row?.status !== 'pending') throw new AppError('FUNDING_ALREADY_DECIDED');
          notes = await notifications.record(tx, await work(tx, row));
          return { id: id.toString() };
        },
      ),
    );
    const view = await one(id, t);
    pushFunding(
      bus,
      found.userId,
      { kind: 'recharge', id: view.id, status: view.status, at: now().toISOString() },
      // The values are not carried through a replay: the client refetches on the push.
      action === 'confirm' ? [{ currency: 'money' }] : [],
    );
    await notifications.announce(notes);
    return view;
  }

  async function end(
    tx: Db,
    row: RechargeRow,
    by: Member | null,
    status: 'credited' | 'rejected' | 'expired',
    journalId: bigint | null,
    event: { reason?: FundingReason; note?: string | undefined },
  ): Promise<RechargeRow> {
    const at = now();
    const ended = await createRechargeRepository(tx).decide(row.id, {
      status,
      decidedBy: by?.id ?? null,
      decidedByName: by?.username ?? null,
      decidedAt: at,
      journalId,
    });
    if (!ended) throw new Error(`recharge ${row.id} changed while locked`);
    await createTimelineRepository(tx).add('recharge', row.id, {
      event: status === 'credited' ? 'confirmed' : status,
      at,
      actor: by ? `staff:${by.username}` : 'system',
      reason: event.reason ?? null,
      note: event.note ?? null,
    });
    return ended;
  }

  const auditState = (r: RechargeRow) => ({
    status: r.status,
    amount: formatAmount(r.amountMinor, 'money'),
    journalId: r.journalId?.toString() ?? null,
  });

  return {
    get: one,

    async list(q: AdminRechargeListQuery, t: TFunction) {
      const rows = await createRechargeRepository(db).list({
        ...(q.status === undefined ? {} : { status: q.status }),
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

    confirm: (by: Member, id: bigint, note: string | undefined, key: string, t: TFunction) =>
      decide(
        by,
        id,
        key,
        'confirm',
        { note },
        async (tx, row) => {
          const posted = await ledger.post(tx, {
            kind: 'recharge',
            actor: `staff:${by.username}`,
            userId: row.userId,
            reference: `recharge:${row.id}`,
            memo: `bank recharge ${row.reference}`,
            postings: [
              {
                account: { system: 'bank_clearing', currency: 'money' },
                amountMinor: -row.amountMinor,
              },
              {
                account: { userId: row.userId, currency: 'money', purpose: 'available' },
                amountMinor: row.amountMinor,
              },
            ],
          });
          const ended = await end(tx, row, by, 'credited', posted.journalId, { note });
          await levels.record(tx, [
            {
              kind: 'deposit',
              userId: row.userId,
              currency: 'money',
              amountMinor: row.amountMinor,
            },
          ]);
          await audit.record(tx, by.audit, {
            action: 'funding.recharge_confirmed',
            subject: `recharge:${row.id}`,
            before: auditState(row),
            after: auditState(ended),
            ...(note ? { note: { note } } : {}),
          });
          return [
            {
              kind: 'recharge_credited',
              userId: row.userId,
              subjectId: row.id,
              params: { currency: 'money', amount: formatAmount(row.amountMinor, 'money') },
            },
          ];
        },
        t,
      ),

    reject: (
      by: Member,
      id: bigint,
      reason: FundingReason,
      note: string | undefined,
      key: string,
      t: TFunction,
    ) =>
      decide(
        by,
        id,
        key,
        'reject',
        { reason, note },
        async (tx, row) => {
          const ended = await end(tx, row, by, 'rejected', null, { reason, note });
          await audit.record(tx, by.audit, {
            action: 'funding.recharge_rejected',
            subject: `recharge:${row.id}`,
            before: auditState(row),
            after: auditState(ended),
            note: { reason, ...(note ? { note } : {}) },
          });
          // A refused bank recharge moved no money: the record's own status says so.
          return [];
        },
        t,
      ),

    /** The expiry job's work: pending recharges past their time become expired. */
    async expireDue(): Promise<number> {
      const ended = await db.transaction(async (tx) => {
        const due = await createRechargeRepository(tx).due(now(), EXPIRE_BATCH);
        for (const row of due) await end(tx, row, null, 'expired', null, { reason: 'expired' });
        return due;
      });
      const at = now().toISOString();
      for (const row of ended)
        pushFunding(bus, row.userId, {
          kind: 'recharge',
          id: row.id.toString(),
          status: 'expired',
          at,
        });
      return ended.length;
    },

    async pendingQueue(): Promise<PendingQueue> {
      const { count, oldestAt } = await createRechargeRepository(db).pending();
      return { name: 'funding.recharges', count, oldestAt: oldestAt?.toISOString() ?? null };
    },

    // ---- Receiving accounts ----

    receivingAccounts: async () => ({
      items: (await createReceivingAccountsRepository(db).all()).map(adminAccountView),
    }),

    async saveReceivingAccount(by: Member, id: bigint | undefined, req: ReceivingAccountChange) {
      const values = { ...req, updatedAt: now() };
      const row = await db.transaction(async (tx) => {
        const repo = createReceivingAccountsRepository(tx);
        const before = id === undefined ? undefined : await repo.find(id);
        if (id !== undefined && !before) throw new AppError('RECEIVING_ACCOUNT_NOT_FOUND');
        if (id === undefined && (await repo.count()) >= RECEIVING_ACCOUNTS_MAX)
          throw new AppError('RECEIVING_ACCOUNTS_FULL');
        const saved = id === undefined ? await repo.insert(values) : await repo.update(id, values);
        if (!saved) throw new AppError('RECEIVING_ACCOUNT_NOT_FOUND');
        await audit.record(tx, by.audit, {
          action:
            id === undefined
              ? 'funding.receiving_account_added'
              : 'funding.receiving_account_changed',
          subject: `receiving_account:${saved.id}`,
          before: before ? adminAccountView(before) : undefined,
          after: adminAccountView(saved),
        });
        return saved;
      });
      return adminAccountView(row);
    },
  };
}

function adminAccountView(a: ReceivingAccountRow) {
  return {
    id: a.id.toString(),
    bankName: a.bankName,
    accountName: a.accountName,
    cardNumber: a.cardNumber,
    branch: a.branch,
    enabled: a.enabled,
    sortOrder: a.sortOrder,
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type RechargeReview = ReturnType<typeof createRechargeReview>;
