import { z } from 'zod';
import { idParam, intParam, textParam } from '../params.js';

/**
 * One row of the hash-chained audit log: who (staff or operator), in which role, did what to
 * what, with the state before and after, from where, under which request id.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
  createdAt: z.iso.datetime(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.strictObject({
  /** Entries before this id (newest first); absent for the newest page. */
  before: idParam.optional(),
  limit: intParam(1, 200).optional(),
  actor: textParam(80).optional(),
  action: textParam(80).optional(),
  subject: textParam(120).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.string().nullable(),
});

/** A recomputation of the whole chain, and how it compares with the last recorded head. */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  /** The first entry whose hash or link does not recompute; null when the chain is intact. */
  brokenAt: z.string().nullable(),
  headHash: z.string().nullable(),
  /** The last recorded head: the chain must still contain it, unchanged. */
  recordedHead: z
    .object({ entries: z.number().int(), hash: z.string(), recordedAt: z.iso.datetime() })
    .nullable(),
  recordedHeadMatches: z.boolean().nullable(),
  checkedAt: z.iso.datetime(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
