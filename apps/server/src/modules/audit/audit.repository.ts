import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCK_KEYS } from '../../db/lock-keys.js';
import { auditHead, auditLog } from './audit.schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditHeadRow = typeof auditHead.$inferSelect;

export interface AuditFilter {
  before?: bigint | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  subject?: string | undefined;
  limit: number;
}

/** The audit log's tables (the audit module's own). */
export function createAuditRepository(db: Db) {
  return {
    /** Takes the chain's lock for this transaction and reads the last entry's hash. */
    async lockTail(): Promise<string | undefined> {
      await db.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.auditAppend})`);
      const [last] = await db
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      return last?.hash;
    },

    async insert(row: Omit<AuditRow, 'id'>): Promise<bigint> {
      const [inserted] = await db.insert(auditLog).values(row).returning({ id: auditLog.id });
      if (!inserted) throw new Error('audit insert returned no row');
      return inserted.id;
    },

    /** Entries in chain order, from after `afterId`, a page at a time. */
    page: (afterId: bigint, limit: number): Promise<AuditRow[]> =>
      db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, afterId))
        .orderBy(asc(auditLog.id))
        .limit(limit),

    /** Newest first, filtered (exact actor and subject, action or action prefix `users.*`). */
    list(filter: AuditFilter): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
      if (filter.actor) where.push(eq(auditLog.actor, filter.actor));
      if (filter.subject) where.push(eq(auditLog.subject, filter.subject));
      if (filter.action)
        where.push(
          filter.action.endsWith('*')
            ? sql`${auditLog.action} like ${filter.action.slice(0, -1).replace(/[\\%_]/g, '\\$&') + '%'}`
            : eq(auditLog.action, filter.action),
        );
      return db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(filter.limit);
    },

    async tail(): Promise<{ id: bigint; hash: string; entries: bigint } | undefined> {
      const [row] = await db
        .select({
          id: auditLog.id,
          hash: auditLog.hash,
          entries: sql<string>`(select count(*) from audit_log)::text`,
        })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row ? { id: row.id, hash: row.hash, entries: BigInt(row.entries) } : undefined;
    },

    async entry(id: bigint): Promise<AuditRow | undefined> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
      return row;
    },

    async lastHead(): Promise<AuditHeadRow | undefined> {
      const [row] = await db.select().from(auditHead).orderBy(desc(auditHead.id)).limit(1);
      return row;
    },

    async insertHead(head: Omit<AuditHeadRow, 'id'>): Promise<void> {
      await db.insert(auditHead).values(head);
    },
  };
}
