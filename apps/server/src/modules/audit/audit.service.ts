import { createHash } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from './audit.schema.js';

export const AUDIT_GENESIS = '0'.repeat(64);

export interface AuditEntry {
  actor: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

/** Stable JSON (sorted keys), so a hash can be recomputed from the stored row. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function auditHash(prevHash: string, e: AuditEntry, createdAt: Date): string {
  return createHash('sha256')
    .update(
      [
        prevHash,
        e.actor,
        e.action,
        e.subject ?? '',
        stable(e.detail),
        createdAt.toISOString(),
      ].join('\n'),
    )
    .digest('hex');
}

/** Key of the transaction-scoped advisory lock that orders appends to the chain. */
const AUDIT_LOCK_KEY = 7_201_001;

export function createAuditService() {
  return {
    /** Appends one entry inside the caller's transaction, chained to the previous one. */
    async append(
      tx: Db,
      entry: AuditEntry,
      now = new Date(),
    ): Promise<{ id: bigint; hash: string }> {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
      const [last] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      const prevHash = last?.hash ?? AUDIT_GENESIS;
      const hash = auditHash(prevHash, entry, now);
      const [row] = await tx
        .insert(auditLog)
        .values({ ...entry, prevHash, hash, createdAt: now })
        .returning({ id: auditLog.id });
      if (!row) throw new Error('audit insert returned no row');
      return { id: row.id, hash };
    },

    /** Recomputes the whole chain; returns the first broken entry's id, or null when intact. */
    async verify(db: Db): Promise<{ entries: number; brokenAt: string | null }> {
      const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
      let prev = AUDIT_GENESIS;
      for (const row of rows) {
        const expected = auditHash(
          prev,
          {
            actor: row.actor,
            action: row.action,
            subject: row.subject,
            detail: row.detail as Record<string, unknown>,
          },
          row.createdAt,
        );
        if (row.prevHash !== prev || row.hash !== expected)
          return { entries: rows.length, brokenAt: row.id.toString() };
        prev = row.hash;
      }
      return { entries: rows.length, brokenAt: null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
