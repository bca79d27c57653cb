// Users' sessions: opening, finding (the prepared auth_find_session), sliding, rotating, ending.
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser, USER_STATUS, userSession } from './auth.schema.js';

export interface SessionWithUser {
  /** What authentication reads of the session (the statement selects no more). */
  session: Pick<
    typeof userSession.$inferSelect,
    'id' | 'tokenHash' | 'createdAt' | 'rotatedAt' | 'lastSeenAt'
  >;
  user: typeof appUser.$inferSelect;
}

/** What authentication reads of a live session. */
export type LiveSession = SessionWithUser['session'];

function prepareFindSession(db: Db) {
  const hash = sql.placeholder('hash');
  const now = sql.placeholder('now');
  return (
    db
      .select({
        session: {
          id: userSession.id,
          tokenHash: userSession.tokenHash,
          createdAt: userSession.createdAt,
          rotatedAt: userSession.rotatedAt,
          lastSeenAt: userSession.lastSeenAt,
        },
        user: appUser,
      })
      .from(userSession)
      .innerJoin(appUser, eq(appUser.id, userSession.userId))
      // session_live (migration 0011) is the one definition of a live session; the order
      // statement (trade_open_session) reads it too.
      .where(inArray(userSession.id, sql`(select l.id from session_live(${hash}, ${now}) l)`))
      .prepare('auth_find_session')
  );
}

const findSessionStatements = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

function findSessionStatement(db: Db): ReturnType<typeof prepareFindSession> {
  let statement = findSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindSession(db);
    findSessionStatements.set(db, statement);
  }
  return statement;
}

/** The user_session table. */
export function createSessionsRepository(db: Db) {
  return {
    async insertSession(values: typeof userSession.$inferInsert): Promise<void> {
      await db.insert(userSession).values(values);
    },

    /**
     * The live session a token hash belongs to (current token, or the previous one in its
     * grace period). Every signed-in request asks, so the statement is built once per
     * database and prepared by name: PostgreSQL plans it once per connection.
     */
    async findSession(tokenHash: string, now: Date): Promise<SessionWithUser | undefined> {
      const [row] = await findSessionStatement(db).execute({
        hash: tokenHash,
        now: now.toISOString(),
      });
      return row;
    },

    /**
     * Whether the token (current or previous, live or not) was a session of an account that is
     * disabled now: its holder is told so (ACCOUNT_DISABLED, with where to go) rather than to
     * sign in again. Asked only when the token names no live session.
     */
    async ownerDisabled(tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userSession.id })
        .from(userSession)
        .innerJoin(appUser, eq(appUser.id, userSession.userId))
        .where(
          and(
            or(eq(userSession.tokenHash, tokenHash), eq(userSession.previousTokenHash, tokenHash)),
            eq(appUser.status, USER_STATUS.DISABLED),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async touchSession(id: bigint, now: Date, expiresAt: Date): Promise<void> {
      await db
        .update(userSession)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(userSession.id, id));
    },

    /**
     * Swaps in a new token hash, keeping the old one valid until `graceUntil`. Only succeeds if
     * the session still holds `expectedHash`, so two concurrent rotations cannot both win.
     */
    async rotateSession(
      id: bigint,
      expectedHash: string,
      newHash: string,
      now: Date,
      graceUntil: Date,
      expiresAt: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(userSession)
        .set({
          tokenHash: newHash,
          previousTokenHash: expectedHash,
          previousValidUntil: graceUntil,
          rotatedAt: now,
          lastSeenAt: now,
          expiresAt,
        })
        .where(and(eq(userSession.id, id), eq(userSession.tokenHash, expectedHash)))
        .returning({ id: userSession.id });
      return rows.length > 0;
    },

    async revokeSession(id: bigint, now: Date): Promise<void> {
      await db
        .update(userSession)
        .set({ revokedAt: now })
        .where(and(eq(userSession.id, id), isNull(userSession.revokedAt)));
    },

    /**
     * When the session `id` ends if nothing else happens: its expiry, while it is live (not
     * revoked, not expired, its account enabled); undefined otherwise. Sockets re-check here when
     * the expiry they knew passes, since sliding expiry may have moved it.
     */
    async liveSessionExpiry(id: bigint, now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ expiresAt: userSession.expiresAt })
        .from(userSession)
        .innerJoin(appUser, eq(appUser.id, userSession.userId))
        .where(
          and(
            eq(userSession.id, id),
            isNull(userSession.revokedAt),
            gt(userSession.expiresAt, now),
            ne(appUser.status, USER_STATUS.DISABLED),
          ),
        );
      return row?.expiresAt;
    },

    async revokeAllSessions(userId: bigint, now: Date): Promise<void> {
      await db
        .update(userSession)
        .set({ revokedAt: now })
        .where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt)));
    },
  };
}
