import {
  maskDocNumber,
  normalizeDocNumber,
  type KycDocType,
  type RealnameAuthRequest,
} from '@ampere/contract';
import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import { violatedUniqueConstraint } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { docNumber, numberMacLabel, type KycDocuments } from './documents.js';
import { createKycRepository, type KycChange, type KycRow } from './kyc.repository.js';

/** A person's name: letters of any script, with spaces, dots (incl. the middle dot) and hyphens. */
const NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M} ·.'-]*[\p{L}\p{M}.])?$/u;

export interface SubmissionDeps {
  db: Db;
  uploads: UploadsService;
  box: SealedBox;
  documents: KycDocuments;
  now: () => Date;
}

/**
 * The name and the document's number checked by the type's rule, sealed, hashed (unique over
 * type and number) and masked; throws the user's error otherwise.
 */
function identity(deps: SubmissionDeps, type: KycDocType, name: string, idcard: string) {
  if (!NAME.test(name)) throw new AppError('KYC_NAME_INVALID');
  const number = docNumber(type, idcard, deps.now());
  return {
    name,
    docType: type,
    idcardSealed: deps.box.seal(number),
    idcardHash: deps.box.mac(numberMacLabel(type), number),
    idcardMasked: maskDocNumber(type, number),
  };
}

/** After a declined front: a corrected name, number or both (what is not sent is kept). */
function correctedIdentity(
  deps: SubmissionDeps,
  row: KycRow,
  type: KycDocType,
  name: string | undefined,
  idcard: string | undefined,
): KycChange {
  if (idcard !== undefined) return identity(deps, type, name ?? row.name, idcard);
  if (name === undefined || !NAME.test(name)) throw new AppError('KYC_NAME_INVALID');
  return { name };
}

/**
 * POST user/realnameAuth (docs/kyc.md). Uncertified → Under review with everything; Declined →
 * Under review again with the declined sides only (and the name and number when the front was
 * declined: they are read from it); Under review and Approved refuse any change. The document
 * type is `prc_id` when a first submission names none, else the one on record; a type must be on
 * offer when it is chosen, and can change only when both sides were declined.
 */
export async function submit(
  deps: SubmissionDeps,
  userId: bigint,
  req: RealnameAuthRequest,
): Promise<KycRow> {
  const { db, uploads, now } = deps;
  // A form sends an empty field for one left blank: that is a field not given.
  const given = (v: string | undefined) => (v === '' ? undefined : v);
  const name = given(req.name);
  const idcard = given(req.idcard);
  const front = given(req.front);
  const back = given(req.contrary);
  // Read before the transaction: the settings have their own reads.
  const offered = await deps.documents.offered();
  const requireOffered = (type: KycDocType) => {
    if (!offered.includes(type)) throw new AppError('KYC_DOC_TYPE_DISABLED');
  };
  try {
    return await db.transaction(async (tx) => {
      const repo = createKycRepository(tx);
      const row = await repo.findByUser(userId, true);
      if (row?.status === 'pending') throw new AppError('KYC_UNDER_REVIEW');
      if (row?.status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');

      const usable = async (id: string) => {
        if (!(await uploads.ownedBy(tx, userId, id, 'kyc')))
          throw new AppError('KYC_CERTIFICATE_INVALID');
      };

      if (!row) {
        const type = req.docType ?? 'prc_id';
        requireOffered(type);
        if (!name || !idcard) throw new AppError('KYC_DETAILS_REQUIRED');
        const who = identity(deps, type, name, idcard);
        if (!front || !back) throw new AppError('KYC_PHOTOS_REQUIRED');
        if (front === back) throw new AppError('KYC_CERTIFICATE_INVALID');
        await usable(front);
        await usable(back);
        const made = await repo.insert({
          userId,
          status: 'pending',
          ...who,
          frontUploadId: front,
          backUploadId: back,
          frontStatus: 'pending',
          backStatus: 'pending',
          submittedAt: now(),
        });
        await uploads.attach(tx, [front, back], `kyc:${made.id}`);
        return made;
      }

      // Declined: only what was declined comes again.
      const frontDeclined = row.frontStatus === 'declined';
      const backDeclined = row.backStatus === 'declined';
      // A case goes on with its type even if that type is no longer offered to new ones.
      const type = req.docType ?? (row.docType as KycDocType);
      const changesType = type !== row.docType;
      if (changesType) {
        requireOffered(type);
        // Another document: both its sides and its number come again.
        if (!frontDeclined || !backDeclined) throw new AppError('KYC_DOC_TYPE_LOCKED');
        if (!idcard) throw new AppError('KYC_DETAILS_REQUIRED');
      }
      const changesIdentity =
        changesType ||
        (name !== undefined && name !== row.name) ||
        (idcard !== undefined &&
          deps.box.mac(numberMacLabel(type), normalizeDocNumber(type, idcard, now()) ?? idcard) !==
            row.idcardHash);
      if (
        (front && !frontDeclined) ||
        (back && !backDeclined) ||
        (changesIdentity && !frontDeclined)
      )
        throw new AppError('KYC_SIDE_NOT_DECLINED');
      if ((frontDeclined && !front) || (backDeclined && !back))
        throw new AppError('KYC_PHOTOS_REQUIRED');
      const newFront = front ?? row.frontUploadId;
      const newBack = back ?? row.backUploadId;
      if (
        newFront === newBack ||
        (front !== undefined && front === row.frontUploadId) ||
        (back !== undefined && back === row.backUploadId)
      )
        throw new AppError('KYC_CERTIFICATE_INVALID');
      if (front) await usable(front);
      if (back) await usable(back);
      const change: KycChange = {
        status: 'pending',
        ...(changesIdentity ? correctedIdentity(deps, row, type, name, idcard) : {}),
        frontUploadId: newFront,
        backUploadId: newBack,
        frontStatus: frontDeclined ? 'pending' : row.frontStatus,
        backStatus: backDeclined ? 'pending' : row.backStatus,
        frontReason: null,
        backReason: null,
        note: null,
        round: row.round + 1,
        submittedAt: now(),
        claimedBy: null,
        claimedByName: null,
        claimedUntil: null,
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
      };
      const updated = await repo.update(row.id, change);
      await uploads.attach(
        tx,
        [front, back].filter((x) => x !== undefined),
        `kyc:${row.id}`,
      );
      return updated;
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'kyc_verification_idcard_key') throw new AppError('KYC_IDCARD_IN_USE');
    // Two first submissions at once: the other one is under review now.
    if (constraint === 'kyc_verification_user_key') throw new AppError('KYC_UNDER_REVIEW');
    throw error;
  }
}
