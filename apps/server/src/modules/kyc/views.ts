import type {
  KycDocType,
  KycReason,
  KycSideStatus,
  KycStatus,
  RealnameAuth,
} from '@ampere/contract';
import type { KycCaseSummary } from '@ampere/contract/admin';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { KycRow } from './kyc.repository.js';

export const kycStatus = (s: string) => s as Exclude<KycStatus, 'uncertified'>;
const sideStatus = (s: string) => s as KycSideStatus;
const reason = (r: string | null) => r as KycReason | null;
const docType = (t: string) => t as KycDocType;

/**
 * GET user/getRealnameAuth: the owner's view, number masked, images signed for them, and the
 * documents on offer.
 */
export function userView(
  row: KycRow | undefined,
  uploads: UploadsService,
  docTypes: KycDocType[],
): RealnameAuth {
  if (!row)
    return {
      status: 'uncertified',
      name: null,
      docType: null,
      idcardMasked: null,
      front: null,
      back: null,
      note: null,
      submittedAt: null,
      decidedAt: null,
      docTypes,
    };
  return {
    status: kycStatus(row.status),
    name: row.name,
    docType: docType(row.docType),
    idcardMasked: row.idcardMasked,
    front: {
      status: sideStatus(row.frontStatus),
      reason: reason(row.frontReason),
      ...uploads.signed(row.frontUploadId),
    },
    back: {
      status: sideStatus(row.backStatus),
      reason: reason(row.backReason),
      ...uploads.signed(row.backUploadId),
    },
    note: row.note,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    docTypes,
  };
}

export interface CaseUser {
  uid: bigint;
  username: string;
}

/** A case as the queue lists it; a claim that ran out shows as none. */
export function summaryView(row: KycRow, user: CaseUser, now: Date): KycCaseSummary {
  const claimed = row.claimedBy !== null && row.claimedUntil !== null && row.claimedUntil > now;
  return {
    id: row.id.toString(),
    user: { uid: user.uid.toString(), username: user.username },
    status: kycStatus(row.status),
    name: row.name,
    docType: docType(row.docType),
    idcardMasked: row.idcardMasked,
    front: { status: sideStatus(row.frontStatus), reason: reason(row.frontReason) },
    back: { status: sideStatus(row.backStatus), reason: reason(row.backReason) },
    round: row.round,
    submittedAt: row.submittedAt.toISOString(),
    claimedBy:
      claimed && row.claimedBy !== null
        ? { id: row.claimedBy.toString(), username: row.claimedByName ?? '' }
        : null,
    claimedUntil: claimed ? (row.claimedUntil?.toISOString() ?? null) : null,
  };
}

/** What the audit log keeps of a case: states and reasons, never the number or the images. */
export function auditState(row: KycRow) {
  return {
    status: row.status,
    docType: row.docType,
    round: row.round,
    front: { status: row.frontStatus, reason: row.frontReason, upload: row.frontUploadId },
    back: { status: row.backStatus, reason: row.backReason, upload: row.backUploadId },
    note: row.note,
  };
}
