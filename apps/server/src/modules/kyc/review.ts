import type { KycReason } from '@ampere/contract';
import { KYC_CLAIM_MINUTES, type KycDecide, type KycDecision } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { createKycRepository, type KycChange, type KycRow } from './kyc.repository.js';
import { auditState } from './views.js';

/** A member of staff acting on a case, with what the audit log records of them. */
export interface Reviewer {
  id: bigint;
  username: string;
  audit: AuditActor;
}

export interface ReviewDeps {
  db: Db;
  audit: AuditService;
  /** The decision goes to the user's inbox in the deciding transaction. */
  notifications: NotificationsService;
  now: () => Date;
}

const holds = (row: KycRow, who: bigint, at: Date) =>
  row.claimedBy === who && row.claimedUntil !== null && row.claimedUntil > at;
const heldByOther = (row: KycRow, who: bigint, at: Date) =>
  row.claimedBy !== null &&
  row.claimedBy !== who &&
  row.claimedUntil !== null &&
  row.claimedUntil > at;

async function underReview(tx: Db, id: bigint): Promise<KycRow> {
  const row = await createKycRepository(tx).find(id, true);
  if (!row) throw new AppError('KYC_CASE_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('KYC_CASE_NOT_PENDING');
  return row;
}

/**
 * POST kyc/cases/:id/claim: the case is the member's for KYC_CLAIM_MINUTES (claiming it again
 * extends that), so two reviewers never decide the same case; another member's live claim is
 * refused with who holds it and until when.
 */
export function claim(deps: ReviewDeps, by: Reviewer, id: bigint): Promise<KycRow> {
  return deps.db.transaction(async (tx) => {
    const row = await underReview(tx, id);
    const at = deps.now();
    if (heldByOther(row, by.id, at))
      throw new AppError(
        'KYC_CASE_CLAIMED',
        {},
        {
          claimedBy: row.claimedByName,
          claimedUntil: row.claimedUntil?.toISOString() ?? null,
        },
      );
    const claimed = await createKycRepository(tx).update(id, {
      claimedBy: by.id,
      claimedByName: by.username,
      claimedUntil: new Date(at.getTime() + KYC_CLAIM_MINUTES * 60_000),
    });
    await deps.audit.record(tx, by.audit, {
      action: 'kyc.claimed',
      subject: `kyc:${id}`,
      after: { claimedUntil: claimed.claimedUntil?.toISOString() },
    });
    return claimed;
  });
}

type SideChange = Pick<KycChange, 'frontStatus' | 'frontReason'>;

/** One side's outcome; a decline without a reason, or an approval with one, is refused. */
function sideOutcome(decision: KycDecision, reason: KycReason | undefined) {
  if ((decision === 'decline') !== (reason !== undefined))
    throw new AppError('KYC_DECISION_INCOMPLETE');
  return decision === 'approve'
    ? { status: 'approved', reason: null }
    : { status: 'declined', reason: reason ?? null };
}

/**
 * POST kyc/cases/:id/decide, by the member holding the claim: one decision for each side under
 * review and none for a side approved in an earlier round. Any declined side declines the case
 * (the user re-sends that side alone); both approved approves it. The user is notified of the
 * decision, once per round (a case is one per user, so the round names the decision).
 */
export async function decide(
  deps: ReviewDeps,
  by: Reviewer,
  id: bigint,
  body: KycDecide,
): Promise<KycRow> {
  const [decided, notes] = await deps.db.transaction(async (tx) => {
    const row = await underReview(tx, id);
    const at = deps.now();
    if (!holds(row, by.id, at)) throw new AppError('KYC_CLAIM_REQUIRED');
    const frontOpen = row.frontStatus === 'pending';
    const backOpen = row.backStatus === 'pending';
    if (frontOpen !== (body.front !== undefined) || backOpen !== (body.back !== undefined))
      throw new AppError('KYC_DECISION_INCOMPLETE');
    if ((!body.front && body.frontReason) || (!body.back && body.backReason))
      throw new AppError('KYC_DECISION_INCOMPLETE');
    const front = body.front
      ? sideOutcome(body.front, body.frontReason)
      : { status: row.frontStatus, reason: null };
    const back = body.back
      ? sideOutcome(body.back, body.backReason)
      : { status: row.backStatus, reason: null };
    const declined = front.status === 'declined' || back.status === 'declined';
    const sides: SideChange & KycChange = {
      frontStatus: front.status,
      frontReason: front.reason,
      backStatus: back.status,
      backReason: back.reason,
    };
    const decided = await createKycRepository(tx).update(id, {
      status: declined ? 'declined' : 'approved',
      ...sides,
      // An empty note is no note.
      note: body.note === undefined || body.note === '' ? null : body.note,
      decidedBy: by.id,
      decidedByName: by.username,
      decidedAt: at,
      claimedBy: null,
      claimedByName: null,
      claimedUntil: null,
    });
    await deps.audit.record(tx, by.audit, {
      action: declined ? 'kyc.declined' : 'kyc.approved',
      subject: `kyc:${id}`,
      before: auditState(row),
      after: auditState(decided),
    });
    const notes = await deps.notifications.record(tx, [
      {
        kind: declined ? 'kyc_declined' : 'kyc_approved',
        userId: decided.userId,
        subjectId: BigInt(decided.round),
        params: {},
      },
    ]);
    return [decided, notes] as const;
  });
  await deps.notifications.announce(notes);
  return decided;
}
