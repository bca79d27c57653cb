import type { Adjustment } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { runIdempotent } from '../ledger/idempotency.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { createAdjustmentsRepository, type AdjustmentRow } from './adjustments.repository.js';
import {
  adjustmentView,
  auditState,
  currencyOf,
  journalActor,
  journalMemo,
  type AdjustedUser,
  type Member,
} from './views.js';

export interface DecisionDeps {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  now: () => Date;
  /** The user an adjustment is for (auth's, by internal id). */
  userOf: (userId: bigint) => Promise<AdjustedUser>;
}

/**
 * Approving and rejecting (the checker's half). Each decision is one transaction: the
 * `Idempotency-Key` claimed first (a replay answers what the first answered), the adjustment
 * locked, the four-eyes and pending rules checked on the locked row, then the journal (on
 * approval), the decision and one audit row. Two approvals at once queue on the row lock: the
 * second finds it decided (ADJUSTMENT_NOT_PENDING). A refused debit (INSUFFICIENT_BALANCE)
 * rolls everything back, the key's claim included: the adjustment stays pending.
 */
export function createDecisions(deps: DecisionDeps) {
  const { db, ledger, audit, now } = deps;

  /** The adjustment, locked, if `by` may decide it now. */
  async function decidable(tx: Db, id: bigint, by: Member): Promise<AdjustmentRow> {
    const row = await createAdjustmentsRepository(tx).find(id, true);
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    if (row.requestedBy === by.id) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
    if (row.status !== 'pending') throw new AppError('ADJUSTMENT_NOT_PENDING');
    return row;
  }

  /** A member who tried to decide their own request: on the record, outside the rollback. */
  async function refusedSelf(by: Member, id: bigint, action: 'approve' | 'reject') {
    await db.transaction((tx) =>
      audit.record(tx, by.audit, {
        action: 'adjustments.self_approval_refused',
        subject: `adjustment:${id}`,
        note: { attempted: action },
      }),
    );
  }

  async function decide(
    by: Member,
    id: bigint,
    key: string,
    action: 'approve' | 'reject',
    note: string | undefined,
    work: (tx: Db, row: AdjustmentRow) => Promise<AdjustmentRow>,
  ): Promise<Adjustment> {
    const found = await createAdjustmentsRepository(db).find(id);
    if (!found) throw new AppError('ADJUSTMENT_NOT_FOUND');
    const user = await deps.userOf(found.userId);
    try {
      return await db.transaction((tx) =>
        runIdempotent(
          tx,
          {
            userId: found.userId,
            key,
            operation: `admin/adjustments/${action}`,
            body: { adjustment: id, by: by.id, note },
          },
          async () => adjustmentView(await work(tx, await decidable(tx, id, by)), user),
        ),
      );
    } catch (error) {
      if (error instanceof AppError && error.def.key === 'adjustment_self_approval')
        await refusedSelf(by, id, action);
      throw error;
    }
  }

  /** Records the decision on the locked, pending row. */
  async function settle(
    tx: Db,
    row: AdjustmentRow,
    by: Member,
    status: 'approved' | 'rejected',
    note: string | null,
    journalId: bigint | null,
  ): Promise<AdjustmentRow> {
    const decided = await createAdjustmentsRepository(tx).decide(row.id, {
      status,
      decidedBy: by.id,
      decidedByName: by.username,
      decidedAt: now(),
      decisionNote: note,
      journalId,
    });
    // The row is locked and was pending: anything else is a bug, never a user error.
    if (!decided) throw new Error(`adjustment ${row.id} changed while locked`);
    return decided;
  }

  return {
    /** An empty note is no note. */
    approve: (by: Member, id: bigint, given: string | undefined, key: string) => {
      const note = given === '' ? undefined : given;
      return decide(by, id, key, 'approve', note, async (tx, row) => {
        const currency = currencyOf(row);
        const posted = await ledger.post(tx, {
          kind: row.amountMinor > 0n ? 'adjustment_credit' : 'adjustment_debit',
          actor: journalActor(row, by),
          memo: journalMemo(row, by),
          reference: `adjustment:${row.id}`,
          userId: row.userId,
          postings: [
            {
              account: { userId: row.userId, currency, purpose: 'available' },
              amountMinor: row.amountMinor,
            },
            { account: { system: 'house_equity', currency }, amountMinor: -row.amountMinor },
          ],
        });
        const decided = await settle(tx, row, by, 'approved', note ?? null, posted.journalId);
        await audit.record(tx, by.audit, {
          action: 'adjustments.approved',
          subject: `adjustment:${row.id}`,
          before: auditState(row),
          after: auditState(decided),
          note: { requestedBy: `staff:${row.requestedByName}`, ...(note ? { note } : {}) },
        });
        return decided;
      });
    },

    reject: (by: Member, id: bigint, note: string, key: string) =>
      decide(by, id, key, 'reject', note, async (tx, row) => {
        const decided = await settle(tx, row, by, 'rejected', note, null);
        await audit.record(tx, by.audit, {
          action: 'adjustments.rejected',
          subject: `adjustment:${row.id}`,
          before: auditState(row),
          after: auditState(decided),
          note: { requestedBy: `staff:${row.requestedByName}`, note },
        });
        return decided;
      }),
  };
}
