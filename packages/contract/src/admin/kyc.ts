import { z } from 'zod/mini';
import {
  KYC_DOC_TYPES,
  KYC_NOTE_MAX,
  kycDocTypeSchema,
  kycReasonSchema,
  kycSideStatusSchema,
  kycStatusSchema,
} from '../kyc.js';
import { idParam, intParam } from '../params.js';
import { STAFF_TEXT } from './adjustments.js';

/**
 * The real-name review queue (issue #16, docs/kyc.md): oldest first; a reviewer claims a case
 * (so two never take the same one), looks at both sides and decides each — approve, or decline
 * with a reason code and an optional note the user reads.
 */

export const KYC_PAGE_MAX = 100;
/** How long a claim holds before another reviewer may take the case. */
export const KYC_CLAIM_MINUTES = 15;

export const kycCaseIdParams = z.strictObject({ id: idParam });

/** GET kyc/cases: by status (under review by default), oldest submission first. */
export const kycCaseListQuerySchema = z.strictObject({
  status: z._default(z.enum(['pending', 'approved', 'declined']), 'pending'),
  uid: z.optional(idParam),
  /** The last id of the previous page (ascending). */
  cursor: z.optional(idParam),
  limit: z._default(intParam(1, KYC_PAGE_MAX), 20),
});
export type KycCaseListQuery = z.infer<typeof kycCaseListQuerySchema>;

const member = z.object({ id: z.string(), username: z.string() });

export const kycCaseSideSchema = z.object({
  status: kycSideStatusSchema,
  reason: z.nullable(kycReasonSchema),
});

/** A case in the queue: the number masked, no images. */
export const kycCaseSummarySchema = z.object({
  id: z.string(),
  user: z.object({ uid: z.string(), username: z.string() }),
  status: kycStatusSchema,
  name: z.string(),
  docType: kycDocTypeSchema,
  idcardMasked: z.string(),
  front: kycCaseSideSchema,
  back: kycCaseSideSchema,
  /** How many times the user has submitted (1 for a first submission). */
  round: z.int(),
  submittedAt: z.iso.datetime(),
  /** Who holds the case and until when; null when nobody does. */
  claimedBy: z.nullable(member),
  claimedUntil: z.nullable(z.iso.datetime()),
});
export type KycCaseSummary = z.infer<typeof kycCaseSummarySchema>;

export const kycCaseListSchema = z.object({
  items: z.array(kycCaseSummarySchema),
  nextCursor: z.nullable(z.string()),
});
export type KycCaseList = z.infer<typeof kycCaseListSchema>;

const imageSchema = z.object({ url: z.string(), urlExpiresAt: z.iso.datetime() });

/** GET kyc/cases/:id: the full number (the reviewer compares it) and both images, signed. */
export const kycCaseSchema = z.extend(kycCaseSummarySchema, {
  idcard: z.string(),
  frontImage: imageSchema,
  backImage: imageSchema,
  note: z.nullable(z.string()),
  decidedBy: z.nullable(member),
  decidedAt: z.nullable(z.iso.datetime()),
});
export type KycCase = z.infer<typeof kycCaseSchema>;

/** POST kyc/cases/:id/claim: no body. */
export const kycClaimSchema = z.strictObject({});

export const KYC_DECISIONS = ['approve', 'decline'] as const;
export const kycDecisionSchema = z.enum(KYC_DECISIONS);
export type KycDecision = z.infer<typeof kycDecisionSchema>;

/**
 * POST kyc/cases/:id/decide: one decision per side under review (a side approved in an earlier
 * round is not decided again), a reason with each decline and none with an approval (7204
 * otherwise), and an optional note for the user. Flat, as the back office's forms send it.
 */
export const kycDecideSchema = z.strictObject({
  front: z.optional(kycDecisionSchema),
  frontReason: z.optional(kycReasonSchema),
  back: z.optional(kycDecisionSchema),
  backReason: z.optional(kycReasonSchema),
  note: z.optional(z.string().check(z.trim(), z.maxLength(KYC_NOTE_MAX), z.regex(STAFF_TEXT))),
});
export type KycDecide = z.infer<typeof kycDecideSchema>;

/**
 * GET kyc/settings: the documents users may verify with (`prc_id` alone unless compliance
 * enables more). POST kyc/settings (`kyc.settings`) sets the list, whole; at least one (7205).
 */
export const kycSettingsSchema = z.object({ docTypes: z.array(kycDocTypeSchema) });
export type KycSettings = z.infer<typeof kycSettingsSchema>;
export const kycSettingsChangeSchema = z.strictObject({
  docTypes: z.array(kycDocTypeSchema).check(z.maxLength(KYC_DOC_TYPES.length)),
});
export type KycSettingsChange = z.infer<typeof kycSettingsChangeSchema>;
