import { z } from 'zod/mini';
import { idParam, intParam, textParam } from '../params.js';

/**
 * One row of the hash-chained audit log: who (staff or operator), in which role, did what to
 * what, with the state before and after, from where, under which request id.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
  createdAt: z.iso.datetime(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.strictObject({
  /** Entries before this id (newest first); absent for the newest page. */
  before: z.optional(idParam),
  limit: z.optional(intParam(1, 200)),
  actor: z.optional(textParam(80)),
  action: z.optional(textParam(80)),
  subject: z.optional(textParam(120)),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.nullable(z.string()),
});

/** A recomputation of the whole chain, and how it compares with the last recorded head. */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.int(),
  /** The first entry whose hash or link does not recompute; null when the chain is intact. */
  brokenAt: z.nullable(z.string()),
  headHash: z.nullable(z.string()),
  /** The last recorded head: the chain must still contain it, unchanged. */
  recordedHead: z.nullable(
    z.object({ entries: z.int(), hash: z.string(), recordedAt: z.iso.datetime() }),
  ),
  recordedHeadMatches: z.nullable(z.boolean()),
  checkedAt: z.iso.datetime(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
