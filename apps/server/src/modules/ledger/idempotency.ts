import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { idempotencyRecord } from './ledger.schema.js';

/** What a client may send as `Idempotency-Key`: 8–128 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export interface IdempotentRequest {
  userId: bigint;
  key: string;
  /** The operation, e.g. `user/buy`; the same key on another operation is a different request. */
  operation: string;
  /** The validated request body; hashed to recognise "same key, different request". */
  body: unknown;
}

/** Stable JSON: object keys sorted, bigint as decimal strings. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonical(body)).digest('hex');
}

/**
 * Runs `work` at most once per (user, key), inside the caller's transaction. The key is claimed
 * first with INSERT … ON CONFLICT DO NOTHING: a concurrent request with the same key waits on
 * the unique index until the first commits, then finds the stored response and returns it.
 * If `work` fails, the transaction rolls back and so does the claim: nothing happened, and a
 * retry runs again.
 */
export async function runIdempotent<T>(
  tx: Db,
  req: IdempotentRequest,
  work: () => Promise<T>,
): Promise<T> {
  if (!IDEMPOTENCY_KEY.test(req.key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  const hash = requestHash(req.operation, req.body);
  const claimed = await tx
    .insert(idempotencyRecord)
    .values({
      userId: req.userId,
      key: req.key,
      operation: req.operation,
      requestHash: hash,
      response: sql`'null'::jsonb`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecord.key });
  if (claimed.length === 0) {
    const [existing] = await tx
      .select({ requestHash: idempotencyRecord.requestHash, response: idempotencyRecord.response })
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.userId, req.userId), eq(idempotencyRecord.key, req.key)));
    if (existing?.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return existing.response as T;
  }
  const result = await work();
  await tx
    .update(idempotencyRecord)
    .set({
      response: sql`${JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}::jsonb`,
    })
    .where(and(eq(idempotencyRecord.userId, req.userId), eq(idempotencyRecord.key, req.key)));
  return result;
}
