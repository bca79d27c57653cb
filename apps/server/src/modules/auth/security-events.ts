import type { Db } from '../../db/client.js';
import { createAuthRepository } from './auth.repository.js';

export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
}

/** Records what happened to an account (sign-ins, password changes, …) with where from. */
export function createSecurityEvents(now: () => Date) {
  return (
    tx: Db,
    userId: bigint | null,
    kind: string,
    ctx: ClientContext | undefined,
    detail: Record<string, unknown> = {},
  ) =>
    createAuthRepository(tx).recordEvent({
      userId,
      kind,
      ip: ctx?.ip ?? null,
      userAgent: ctx?.userAgent?.slice(0, 256) ?? null,
      detail,
      createdAt: now(),
    });
}

export type RecordEvent = ReturnType<typeof createSecurityEvents>;
