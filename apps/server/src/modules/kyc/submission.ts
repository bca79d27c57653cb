import { maskIdNumber, normalizePrcId, type RealnameAuthRequest } from '@ampere/contract';
import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import { violatedUniqueConstraint } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { createKycRepository, type KycChange, type KycRow } from './kyc.repository.js';

/** A person's name: letters of any script, with spaces, dots (incl. the middle dot) and hyphens. */
const NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M} ·.'-]*[\p{L}\p{M}.])?$/u;

export const IDCARD_MAC_LABEL = 'kyc-idcard';

export interface SubmissionDeps {
  db: Db;
  uploads: UploadsService;
  box: SealedBox;
  now: () => Date;
}

/** The name and number checked, sealed and hashed; throws the user's error otherwise. */
function identity(deps: SubmissionDeps, name: string, idcard: string) {
  if (!NAME.test(name)) throw new AppError('KYC_NAME_INVALID');
  const number = normalizePrcId(idcard, deps.now());
  if (!number) throw new AppError('KYC_IDCARD_INVALID');
  return {
    name,
    idcardSealed: deps.box.seal(number),
    idcardHash: deps.box.mac(IDCARD_MAC_LABEL, number),
    idcardMasked: maskIdNumber(number),
  };
}

/** After a declined front: a corrected name, number or both (what is not sent is kept). */
function correctedIdentity(
  deps: SubmissionDeps,
  row: KycRow,
  name: string | undefined,
  idcard: string | undefined,
): KycChange {
  if (idcard !== undefined) return identity(deps, name ?? row.name, idcard);
  if (name === undefined || !NAME.test(name)) throw new AppError('KYC_NAME_INVALID');
  return { name };
}

/**
 * POST user/realnameAuth (docs/kyc.md). Uncertified → Under review with everything; Declined →
 * Under review again with the declined sides only (and the name and number when the front was
 * declined: they are read from it); Under review and Approved refuse any change.
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
        if (!name || !idcard) throw new AppError('KYC_DETAILS_REQUIRED');
        const who = identity(deps, name, idcard);
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
      const changesIdentity =
        (name !== undefined && name !== row.name) ||
        (idcard !== undefined &&
          deps.box.mac(IDCARD_MAC_LABEL, normalizePrcId(idcard, now()) ?? idcard) !==
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
        ...(changesIdentity ? correctedIdentity(deps, row, name, idcard) : {}),
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
