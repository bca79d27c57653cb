import { z } from 'zod/mini';
import { kycDocTypeSchema } from './kyc-documents.js';

export * from './kyc-documents.js';

/**
 * Real-name verification and the uploads it is made of (issue #16, docs/kyc.md). The user
 * uploads each side of the ID card (`POST common/uploader`, multipart), then submits the name,
 * the ID number and the two upload ids (`POST user/realnameAuth`). Staff decide each side; a
 * declined side is uploaded again alone.
 */

/**
 * What an upload is for; it decides who may see it besides its owner: `kyc` (an ID card side,
 * KYC staff) and `recharge_proof` (a bank transfer's receipt, funding staff; docs/funding.md).
 */
export const UPLOAD_PURPOSES = ['kyc', 'recharge_proof'] as const;
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** An upload's id: 22 base64url characters (128 random bits), never derived from the file. */
export const uploadIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

/** POST common/uploader answers the stored (re-encoded) image. */
export const uploadSchema = z.object({
  id: uploadIdSchema,
  /** A short-lived signed address of the image, for the owner's preview. */
  url: z.string(),
  urlExpiresAt: z.iso.datetime(),
  mime: z.literal('image/jpeg'),
  width: z.int(),
  height: z.int(),
  bytes: z.int(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** GET common/deleteUploader?id=… */
export const deleteUploadQuerySchema = z.strictObject({ id: z.string().check(z.maxLength(64)) });
export const deletedUploadSchema = z.object({ id: z.string() });

/** GET common/file/:id?exp&sig — the signed address of an image. */
export const fileParamsSchema = z.strictObject({ id: z.string().check(z.maxLength(64)) });
export const fileQuerySchema = z.strictObject({
  exp: z.string().check(z.maxLength(16)),
  sig: z.string().check(z.maxLength(64)),
});

/** SPEC §4: Uncertified (no submission), Under review, Approved, Declined. */
export const KYC_STATUSES = ['uncertified', 'pending', 'approved', 'declined'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** One side's state inside a submission. */
export const KYC_SIDE_STATUSES = ['pending', 'approved', 'declined'] as const;
export const kycSideStatusSchema = z.enum(KYC_SIDE_STATUSES);
export type KycSideStatus = z.infer<typeof kycSideStatusSchema>;

export const KYC_SIDES = ['front', 'back'] as const;
export type KycSide = (typeof KYC_SIDES)[number];

/** Why a side was declined; each has a localized text on the page and in the back office. */
export const KYC_REASONS = [
  'blurry',
  'glare',
  'cut_off',
  'expired',
  'mismatch',
  'not_id_card',
  'edited',
  'other',
] as const;
export const kycReasonSchema = z.enum(KYC_REASONS);
export type KycReason = z.infer<typeof kycReasonSchema>;

export const KYC_NAME_MAX = 40;
export const KYC_NOTE_MAX = 500;

/**
 * POST user/realnameAuth (SPEC §3: name, idcard, front, contrary). A first submission carries
 * all four; after a decline only the declined sides (`front`, `contrary`) — and the name and
 * number when the front was declined. Which are required is the server's rule (8010–8016), so
 * the fields are optional here.
 */
export const realnameAuthRequestSchema = z.strictObject({
  /** The document (`prc_id` when not given on a first submission; else the one on record). */
  docType: z.optional(kycDocTypeSchema),
  name: z.optional(z.string().check(z.trim(), z.maxLength(KYC_NAME_MAX))),
  idcard: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  /** Upload id of the front (the portrait side; a passport's photo page). */
  front: z.optional(z.string().check(z.maxLength(64))),
  /** Upload id of the back (the other side; for a passport, the user holding the photo page). */
  contrary: z.optional(z.string().check(z.maxLength(64))),
});
export type RealnameAuthRequest = z.infer<typeof realnameAuthRequestSchema>;

export const kycSideViewSchema = z.object({
  status: kycSideStatusSchema,
  reason: z.nullable(kycReasonSchema),
  /** Short-lived signed address of the image (the owner's or a reviewer's). */
  url: z.string(),
  urlExpiresAt: z.iso.datetime(),
});
export type KycSideView = z.infer<typeof kycSideViewSchema>;

/** GET user/getRealnameAuth: the user's own verification, number masked. */
export const realnameAuthSchema = z.object({
  status: kycStatusSchema,
  name: z.nullable(z.string()),
  /** The document of the submission; null while uncertified. */
  docType: z.nullable(kycDocTypeSchema),
  /** `1101**********123X` (`E1*****78` for a passport); null while uncertified. */
  idcardMasked: z.nullable(z.string()),
  front: z.nullable(kycSideViewSchema),
  back: z.nullable(kycSideViewSchema),
  /** The reviewer's note to the user, when they wrote one. */
  note: z.nullable(z.string()),
  submittedAt: z.nullable(z.iso.datetime()),
  decidedAt: z.nullable(z.iso.datetime()),
  /** The documents the user may choose (the operator's setting), `prc_id` first when offered. */
  docTypes: z.array(kycDocTypeSchema),
});
export type RealnameAuth = z.infer<typeof realnameAuthSchema>;
