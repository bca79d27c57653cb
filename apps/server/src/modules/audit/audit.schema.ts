import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only, hash-chained record of every privileged action (operator CLI, back office):
 * `hash = sha256(prev_hash ‖ actor ‖ action ‖ subject ‖ detail ‖ created_at)`. The database
 * refuses updates and deletes; `ops audit-verify` re-computes the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('audit_log_subject_idx').on(t.subject)],
);

/**
 * The audit chain's head, recorded periodically (audit.jobs.ts), signed with the chain-signing
 * key and appended to DATA_DIR/audit-heads.jsonl as well: a later rewrite of any entry up to a
 * recorded head no longer ends in that head's hash. Append-only like the log itself.
 */
export const auditHead = pgTable('audit_head', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  lastEntryId: bigint('last_entry_id', { mode: 'bigint' }).notNull(),
  entries: bigint('entries', { mode: 'bigint' }).notNull(),
  hash: text('hash').notNull(),
  signature: text('signature').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});
