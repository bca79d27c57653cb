import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  cidr,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An address range the operator blocked from the user API (docs/content.md, Access
 * restriction). Stored in PostgreSQL's `cidr` type, which refuses anything that is not a
 * network address; canonical before it gets here (cidr.ts). A block ends at its expiry or when
 * staff remove it; the row stays as history (who, when, why), and the audit log has each change.
 */
export const addressBlock = pgTable(
  'address_block',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    cidr: cidr('cidr').notNull(),
    /** 4 or 6. */
    family: smallint('family').notNull(),
    note: text('note').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
    /** `staff:<name>`. */
    createdBy: text('created_by').notNull(),
    removedAt: ts('removed_at'),
    removedBy: text('removed_by'),
  },
  (t) => [
    check('address_block_family', sql`${t.family} in (4, 6)`),
    check('address_block_family_matches', sql`family(${t.cidr}) = ${t.family}`),
    check('address_block_removed', sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
    // What every node loads: the blocks not removed (the expired are filtered by time).
    index('address_block_live_idx')
      .on(t.id)
      .where(sql`${t.removedAt} is null`),
  ],
);
