import { createHash } from 'node:crypto';
import type { AuditVerification } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { createAuditRepository, type AuditFilter, type AuditRow } from './audit.repository.js';

export const AUDIT_GENESIS = '0'.repeat(64);
/** Rows re-hashed per query while verifying: the chain is never read into memory whole. */
const VERIFY_PAGE = 5_000;

export interface AuditEntry {
  actor: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

/**
 * Who did it: `staff:<username>` with the member's id and role, `ops:<os user>` from the CLI,
 * `anonymous` for a failed staff sign-in; with the request id and address when over HTTP.
 */
export interface AuditActor {
  actor: string;
  staffId?: string | undefined;
  role?: string | undefined;
  requestId?: string | undefined;
  ip?: string | undefined;
}

/** What an action did: its name, its target, and the state before and after. */
export interface AuditAction {
  action: string;
  subject: string | null;
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a reason, a refusal's code). */
  note?: Record<string, unknown>;
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

/** A value as JSON keeps it: bigints as decimal strings, dates as ISO text, undefined dropped. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, jsonSafe(v)]),
    );
  }
  return value;
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

const entryOf = (row: AuditRow): AuditEntry => ({
  actor: row.actor,
  action: row.action,
  subject: row.subject,
  detail: row.detail as Record<string, unknown>,
});

/** What the heads job signs: prefixed so the text can mean nothing else. */
export function auditHeadMessage(h: { lastEntryId: string; entries: string; hash: string }) {
  return `ampere-audit-head\n${h.lastEntryId}\n${h.entries}\n${h.hash}`;
}

export interface AuditDeps {
  db: Db;
  now: () => Date;
}

/**
 * The hash-chained audit log (docs/backoffice.md): `hash = sha256(prev_hash ‖ actor ‖ action ‖
 * subject ‖ detail ‖ created_at)`, appended under a transaction lock in the transaction of the
 * change it records; the database refuses updates and deletes (migration 0002).
 */
export function createAuditService({ db, now }: AuditDeps) {
  async function append(
    tx: Db,
    entry: AuditEntry,
    at = now(),
  ): Promise<{ id: bigint; hash: string }> {
    const repo = createAuditRepository(tx);
    const prevHash = (await repo.lockTail()) ?? AUDIT_GENESIS;
    const detail = jsonSafe(entry.detail) as Record<string, unknown>;
    const hash = auditHash(prevHash, { ...entry, detail }, at);
    const id = await repo.insert({ ...entry, detail, prevHash, hash, createdAt: at });
    return { id, hash };
  }

  /** Recomputes the chain from the genesis: the first entry that does not recompute, if any. */
  async function recompute() {
    const repo = createAuditRepository(db);
    let prev = AUDIT_GENESIS;
    let entries = 0;
    let brokenAt: string | null = null;
    let afterId = 0n;
    const hashes = new Map<string, string>();
    for (;;) {
      const rows = await repo.page(afterId, VERIFY_PAGE);
      for (const row of rows) {
        entries++;
        const intact =
          row.prevHash === prev && row.hash === auditHash(prev, entryOf(row), row.createdAt);
        if (!intact) brokenAt ??= row.id.toString();
        prev = row.hash;
        hashes.set(row.id.toString(), row.hash);
      }
      const last = rows.at(-1);
      if (!last || rows.length < VERIFY_PAGE) break;
      afterId = last.id;
    }
    return { entries, brokenAt, head: entries === 0 ? null : prev, hashes };
  }

  return {
    append,

    /** Appends a staff (or operator) action inside the caller's transaction. */
    record: (tx: Db, who: AuditActor, what: AuditAction) =>
      append(tx, {
        actor: who.actor,
        action: what.action,
        subject: what.subject,
        detail: {
          staffId: who.staffId,
          role: who.role,
          requestId: who.requestId,
          ip: who.ip,
          before: what.before,
          after: what.after,
          ...what.note,
        },
      }),

    /** Recomputes the whole chain; `brokenAt` is the first entry that does not, or null. */
    async verify(): Promise<AuditVerification> {
      const checked = await recompute();
      const head = await createAuditRepository(db).lastHead();
      // The chain must still hold the recorded head's entry with that very hash.
      const headMatches = head
        ? checked.hashes.get(head.lastEntryId.toString()) === head.hash
        : null;
      return {
        ok: checked.brokenAt === null && headMatches !== false,
        entries: checked.entries,
        brokenAt: checked.brokenAt,
        headHash: checked.head,
        recordedHead: head
          ? {
              entries: Number(head.entries),
              hash: head.hash,
              recordedAt: head.recordedAt.toISOString(),
            }
          : null,
        recordedHeadMatches: headMatches,
        checkedAt: now().toISOString(),
      };
    },

    list: (filter: AuditFilter) => createAuditRepository(db).list(filter),

    /**
     * Records the current head when the chain grew since the last one, signed by `sign`; the
     * head recorded, or undefined when nothing changed.
     */
    async recordHead(sign: (message: string) => string) {
      const repo = createAuditRepository(db);
      const [tail, last] = await Promise.all([repo.tail(), repo.lastHead()]);
      if (!tail || last?.lastEntryId === tail.id) return undefined;
      const fields = {
        lastEntryId: tail.id.toString(),
        entries: tail.entries.toString(),
        hash: tail.hash,
      };
      const head = { ...fields, signature: sign(auditHeadMessage(fields)), recordedAt: now() };
      await repo.insertHead({
        lastEntryId: tail.id,
        entries: tail.entries,
        hash: tail.hash,
        signature: head.signature,
        recordedAt: head.recordedAt,
      });
      return head;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
