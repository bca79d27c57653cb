import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appUser } from '../auth/auth.schema.js';
import { staffMember } from '../staff/staff.schema.js';
import { upload } from '../uploads/uploads.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const SIDE_STATUS = (column: unknown) => sql`${column} in ('pending', 'approved', 'declined')`;

/**
 * A user's real-name verification (docs/kyc.md), one row per user, made at the first submission
 * (no row: Uncertified). The document's number is sealed (AES-256-GCM under the data key) and its keyed
 * hash is unique across users; the database holds the state machine's invariants.
 */
export const kycVerification = pgTable(
  'kyc_verification',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    status: text('status').notNull(),
    name: text('name').notNull(),
    /** The document (contract KYC_DOC_TYPES); the rows made before there was a choice: prc_id. */
    docType: text('doc_type').notNull().default('prc_id'),
    idcardSealed: text('idcard_sealed').notNull(),
    /**
     * HMAC of the normalized number under a key derived from the data key and the document type
     * (`kyc-idcard` for prc_id, as before there were others; `kyc-idcard:<type>` else), so it is
     * unique over (type, number).
     */
    idcardHash: text('idcard_hash').notNull(),
    idcardMasked: text('idcard_masked').notNull(),
    frontUploadId: text('front_upload_id')
      .notNull()
      .references(() => upload.id),
    backUploadId: text('back_upload_id')
      .notNull()
      .references(() => upload.id),
    frontStatus: text('front_status').notNull(),
    backStatus: text('back_status').notNull(),
    frontReason: text('front_reason'),
    backReason: text('back_reason'),
    note: text('note'),
    /** 1 for the first submission, +1 for each resubmission after a decline. */
    round: integer('round').notNull().default(1),
    submittedAt: ts('submitted_at').notNull(),
    claimedBy: bigint('claimed_by', { mode: 'bigint' }).references(() => staffMember.id),
    claimedByName: text('claimed_by_name'),
    claimedUntil: ts('claimed_until'),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => staffMember.id),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('kyc_verification_user_key').on(t.userId),
    uniqueIndex('kyc_verification_idcard_key').on(t.idcardHash),
    // The queue: by status, oldest submission first.
    index('kyc_verification_queue_idx').on(t.status, t.submittedAt, t.id),
    check(
      'kyc_verification_doc_type',
      sql`${t.docType} in ('prc_id', 'passport', 'hk_macau_permit', 'taiwan_permit')`,
    ),
    check('kyc_verification_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('kyc_verification_front_status', SIDE_STATUS(t.frontStatus)),
    check('kyc_verification_back_status', SIDE_STATUS(t.backStatus)),
    // A declined side always says why; no other side carries a reason.
    check(
      'kyc_verification_reasons',
      sql`(${t.frontStatus} = 'declined') = (${t.frontReason} is not null)
          and (${t.backStatus} = 'declined') = (${t.backReason} is not null)`,
    ),
    // The case's status follows from its sides.
    check(
      'kyc_verification_sides',
      sql`case ${t.status}
            when 'approved' then ${t.frontStatus} = 'approved' and ${t.backStatus} = 'approved'
            when 'declined' then 'declined' in (${t.frontStatus}, ${t.backStatus})
                                 and 'pending' not in (${t.frontStatus}, ${t.backStatus})
            else 'pending' in (${t.frontStatus}, ${t.backStatus})
                 and 'declined' not in (${t.frontStatus}, ${t.backStatus})
          end`,
    ),
    check(
      'kyc_verification_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)
          and (${t.decidedAt} is null) = (${t.decidedBy} is null)`,
    ),
    check('kyc_verification_two_sides', sql`${t.frontUploadId} <> ${t.backUploadId}`),
    check(
      'kyc_verification_claim',
      sql`(${t.claimedBy} is null) = (${t.claimedUntil} is null)
          and (${t.claimedBy} is null) = (${t.claimedByName} is null)`,
    ),
  ],
);
