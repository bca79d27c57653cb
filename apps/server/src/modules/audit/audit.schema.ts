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
