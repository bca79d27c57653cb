import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser } from './auth.schema.js';
import type { UserRow } from './users.repository.js';

/** The largest int8: no uid is above it. */
const INT8_MAX = 9_223_372_036_854_775_807n;
const INT8_DIGITS = 19;

export interface UserSearch {
  q?: string | undefined;
  by?: 'uid' | 'username' | 'inviteCode' | undefined;
  match: 'exact' | 'prefix';
  /** Users older than the one with this uid (the last of the previous page). */
  afterUid?: bigint | undefined;
  limit: number;
}

/**
 * The uids that start with the digits `prefix`, as inclusive ranges [first, last] — one per
 * length — so a prefix search reads the uid index instead of every row's text. Every bound is
 * a valid int8.
 */
export function uidPrefixRanges(prefix: string): [bigint, bigint][] {
  if (!/^[1-9][0-9]*$/.test(prefix) || prefix.length > INT8_DIGITS) return [];
  const ranges: [bigint, bigint][] = [];
  const p = BigInt(prefix);
  for (let scale = 1n, n = prefix.length; n <= INT8_DIGITS; n++, scale *= 10n) {
    const first = p * scale;
    if (first > INT8_MAX) break;
    const last = (p + 1n) * scale - 1n;
    ranges.push([first, last > INT8_MAX ? INT8_MAX : last]);
  }
  return ranges;
}

/** `text` for a LIKE pattern, matched literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function uidCondition(q: string, match: UserSearch['match']): SQL | undefined {
  if (match === 'exact') {
    const exact = /^[1-9][0-9]{0,18}$/.test(q) ? BigInt(q) : undefined;
    return exact !== undefined && exact <= INT8_MAX ? eq(appUser.uid, exact) : undefined;
  }
  const ranges = uidPrefixRanges(q).map(
    ([first, last]) => sql`(${appUser.uid} between ${first} and ${last})`,
  );
  return ranges.length > 0 ? or(...ranges) : undefined;
}

/** The conditions a search term puts on each field it looks at (unique indexes for exact). */
function searchCondition(search: UserSearch): SQL | undefined {
  const { q, by, match } = search;
  if (q === undefined) return undefined;
  const prefix = match === 'prefix';
  const fields: (SQL | undefined)[] = [];
  if (!by || by === 'uid') fields.push(uidCondition(q, match));
  if (!by || by === 'username')
    fields.push(
      prefix
        ? sql`lower(${appUser.username}) like ${`${likeLiteral(q.toLowerCase())}%`}`
        : sql`lower(${appUser.username}) = ${q.toLowerCase()}`,
    );
  // Invite codes are issued in capitals (registration.ts).
  if (!by || by === 'inviteCode')
    fields.push(
      prefix
        ? sql`${appUser.inviteCode} like ${`${likeLiteral(q.toUpperCase())}%`}`
        : eq(appUser.inviteCode, q.toUpperCase()),
    );
  const present = fields.filter((f): f is SQL => f !== undefined);
  // A term no field can match (letters for a uid): nothing, not everything.
  return present.length > 0 ? or(...present) : sql`false`;
}

/** Newest first after a cursor uid: the cursor is public, the order is by the internal id. */
const olderThan = (afterUid: bigint | undefined) =>
  afterUid === undefined
    ? undefined
    : lt(appUser.id, sql`(select u.id from app_user u where u.uid = ${afterUid})`);

/** The back office's reads and changes of the users table (auth module's own). */
export function createUsersAdminRepository(db: Db) {
  return {
    search: (search: UserSearch): Promise<UserRow[]> =>
      db
        .select()
        .from(appUser)
        .where(and(searchCondition(search), olderThan(search.afterUid)))
        .orderBy(desc(appUser.id))
        .limit(search.limit),

    referrals: (userId: bigint, afterUid: bigint | undefined, limit: number): Promise<UserRow[]> =>
      db
        .select()
        .from(appUser)
        .where(and(eq(appUser.referrerId, userId), olderThan(afterUid)))
        .orderBy(desc(appUser.id))
        .limit(limit),

    async findByUid(uid: bigint): Promise<UserRow | undefined> {
      const [row] = await db.select().from(appUser).where(eq(appUser.uid, uid));
      return row;
    },

    findByIds: (ids: readonly bigint[]): Promise<UserRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(appUser)
            .where(inArray(appUser.id, [...ids])),

    /** The user, locked for the rest of the transaction. */
    async lock(id: bigint): Promise<UserRow | undefined> {
      const [row] = await db.select().from(appUser).where(eq(appUser.id, id)).for('update');
      return row;
    },

    async update(
      id: bigint,
      set: Partial<Pick<UserRow, 'status' | 'passwordHash'>>,
    ): Promise<UserRow> {
      const [row] = await db.update(appUser).set(set).where(eq(appUser.id, id)).returning();
      if (!row) throw new Error(`user ${id} vanished while locked`);
      return row;
    },
  };
}
