import { formatAmount, type CurrencyKey } from '@ampere/contract';
import type { Adjustment } from '@ampere/contract/admin';
import type { AuditActor } from '../audit/audit.service.js';
import type { UserRow } from '../auth/users.js';
import type { AdjustmentRow } from './adjustments.repository.js';

/** The member acting: their id and name (kept on the adjustment) and their audit identity. */
export interface Member {
  id: bigint;
  username: string;
  audit: AuditActor;
}

/** Who an adjustment is for, as the back office names users. */
export type AdjustedUser = Pick<UserRow, 'uid' | 'username'>;

export const currencyOf = (row: AdjustmentRow) => row.currency as CurrencyKey;

export function adjustmentView(row: AdjustmentRow, user: AdjustedUser): Adjustment {
  return {
    id: row.id.toString(),
    user: { uid: user.uid.toString(), username: user.username },
    currency: currencyOf(row),
    amount: formatAmount(row.amountMinor, currencyOf(row)),
    reason: row.reason,
    status: row.status as Adjustment['status'],
    requestedBy: { id: row.requestedBy.toString(), username: row.requestedByName },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy:
      row.decidedBy !== null && row.decidedByName !== null
        ? { id: row.decidedBy.toString(), username: row.decidedByName }
        : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    journalId: row.journalId?.toString() ?? null,
  };
}

/** What the audit log keeps of an adjustment's state. */
export const auditState = (row: AdjustmentRow) => ({
  status: row.status,
  amount: formatAmount(row.amountMinor, currencyOf(row)),
  currency: row.currency,
  journalId: row.journalId,
});

/** The journal's actor: both members, requester first. */
export const journalActor = (row: AdjustmentRow, approver: Member) =>
  `staff:${row.requestedByName}+staff:${approver.username}`;

/** The journal's memo: the adjustment, both members and the reason. */
export const journalMemo = (row: AdjustmentRow, approver: Member) =>
  `adjustment ${row.id}, requested by staff:${row.requestedByName}, approved by staff:${approver.username}: ${row.reason}`;
