import { parseAmount } from '@ampere/contract';
import type {
  Adjustment,
  AdjustmentList,
  AdjustmentListQuery,
  AdjustmentRequest,
  PendingQueue,
} from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { runIdempotent } from '../ledger/idempotency.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { createAdjustmentsRepository } from './adjustments.repository.js';
import { createDecisions } from './decisions.js';
import { adjustmentView, auditState, type AdjustedUser, type Member } from './views.js';

export type { Member } from './views.js';

/**
 * Manual balance adjustments, maker-checker (issue #13): a member requests (this file), a
 * different member approves or rejects (decisions.ts). Money moves only on approval, through
 * `ledger.post`, between the user's available balance and house equity.
 */
export function createAdjustmentsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  auth: AuthService;
  now: () => Date;
}) {
  const { db, audit, auth, now } = deps;
  const repo = () => createAdjustmentsRepository(db);

  async function userOf(userId: bigint): Promise<AdjustedUser> {
    const [user] = await auth.usersByIds([userId]);
    if (!user) throw new Error(`adjustment for user ${userId}, who does not exist`);
    return user;
  }

  async function userByUid(uid: string) {
    const user = await auth.findUserByUid(BigInt(uid));
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  const decisions = createDecisions({ ...deps, userOf });

  return {
    ...decisions,

    /**
     * Records a request (nothing moves yet). The key is claimed in the user's name with the
     * member in the request's hash: the same key from another member is refused (1007).
     */
    async request(by: Member, req: AdjustmentRequest, key: string): Promise<Adjustment> {
      const user = await userByUid(req.uid);
      const parsed = parseAmount(req.amount, req.currency, { allowNegative: true });
      // The contract checked it already; a failure here is a bug.
      if (!parsed.ok) throw new Error(`adjustment amount passed validation: ${parsed.reason}`);
      return db.transaction((tx) =>
        runIdempotent(
          tx,
          { userId: user.id, key, operation: 'admin/adjustments', body: { ...req, by: by.id } },
          async () => {
            const row = await createAdjustmentsRepository(tx).insert({
              userId: user.id,
              currency: req.currency,
              amountMinor: parsed.minor,
              reason: req.reason,
              requestedBy: by.id,
              requestedByName: by.username,
              requestedAt: now(),
            });
            await audit.record(tx, by.audit, {
              action: 'adjustments.requested',
              subject: `adjustment:${row.id}`,
              after: { ...auditState(row), user: `user:${user.uid}`, reason: row.reason },
            });
            return adjustmentView(row, user);
          },
        ),
      );
    },

    async get(id: bigint): Promise<Adjustment> {
      const row = await repo().find(id);
      if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
      return adjustmentView(row, await userOf(row.userId));
    },

    /** Newest first, by status and user. */
    async list(q: AdjustmentListQuery): Promise<AdjustmentList> {
      const user = q.uid === undefined ? undefined : await userByUid(q.uid);
      const rows = await repo().list({
        status: q.status,
        userId: user?.id,
        beforeId: q.cursor === undefined ? undefined : BigInt(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const users = new Map(
        (await auth.usersByIds([...new Set(page.map((r) => r.userId))])).map((u) => [u.id, u]),
      );
      return {
        items: page.map((r) => {
          const owner = users.get(r.userId);
          if (!owner)
            throw new Error(`adjustment ${r.id} for user ${r.userId}, who does not exist`);
          return adjustmentView(r, owner);
        }),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    /**
     * For the dashboard: how many adjustments wait for a decision, and when the oldest was
     * requested (null when none waits).
     */
    async pendingQueue(): Promise<PendingQueue> {
      const { count, oldestAt } = await repo().pending();
      return { name: 'adjustments', count, oldestAt: oldestAt?.toISOString() ?? null };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
