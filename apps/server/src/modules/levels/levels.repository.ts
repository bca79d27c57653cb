import { DEFAULT_MEMBER_LEVELS } from '@ampere/contract/admin';
import { eq, sql, type SQL } from 'drizzle-orm';
import { pgArray, queryRows, type Db } from '../../db/client.js';
import { levelRecompute, userLevelProgress } from './levels.schema.js';
import { UNITS_SQL } from './rules.js';

/** One event's addition to a user's progress in one currency (minor units, never negative). */
export interface ProgressDelta {
  userId: bigint;
  currency: 'money' | 'usdt';
  volumeMinor: bigint;
  depositsMinor: bigint;
}

const DEFAULT_JSON = JSON.stringify(DEFAULT_MEMBER_LEVELS);

// `app_user.level` and `app_user.level_floor` are written here, and only here (auth's staff
// change locks the row and calls the levels service): the row is auth's, the two columns are
// lent to this module, so an event can raise a level in the statement that records it. Written
// in SQL by name, as auth's schema is private to auth.

/**
 * The thresholds in force as rows (level, currency, volume_min, deposits_min) in minor units,
 * read from the settings row in the statement itself — the stored value, else the shipped
 * defaults — so an event is always decided on the committed thresholds, never a cached copy.
 * The stored value was validated on write (settings.service.ts).
 */
const thresholdsCte = (): SQL => sql`th as (
  select l.level, c.currency,
         ((s.j -> l.key -> 'volume' ->> c.currency)::numeric * c.unit)::bigint as volume_min,
         ((s.j -> l.key -> 'deposits' ->> c.currency)::numeric * c.unit)::bigint as deposits_min
    from (select coalesce((select value from system_setting where key = 'memberLevels'),
                          ${DEFAULT_JSON}::jsonb) as j) as s,
         (values (1, 'junior'), (2, 'intermediate'), (3, 'premium')) as l(level, key),
         (values ${sql.raw(UNITS_SQL)}) as c(currency, unit))`;

/**
 * The level the thresholds give each user of the CTE `users(id)`: the highest level met in
 * either currency, missing progress counting as 0 (a threshold of 0 and 0 is met by everyone).
 */
const computedCte = (): SQL => sql`computed as (
  select u.id,
         coalesce(max(th.level) filter (
           where coalesce(p.volume_minor, 0) >= th.volume_min
             and coalesce(p.deposits_minor, 0) >= th.deposits_min), 0)::smallint as level
    from users u cross join th
    left join user_level_progress p on p.user_id = u.id and p.currency = th.currency
   group by u.id)`;

export function createLevelsRepository(db: Db) {
  return {
    /**
     * Adds the deltas to each user's progress and raises the level of those who now reach a
     * higher one, in one statement however many deltas there are (settlement's batch). Progress
     * only grows, so an event never lowers a level; and a level is the highest over the
     * currencies, each decided by its own row alone, so the rows this statement wrote are all it
     * needs to look at. Returns the users whose level rose, with the new level.
     */
    async apply(
      deltas: readonly ProgressDelta[],
      at: Date,
    ): Promise<{ userId: bigint; level: number }[]> {
      if (deltas.length === 0) return [];
      const col = (f: (d: ProgressDelta) => string | bigint) => pgArray(deltas.map(f));
      const rows = await queryRows<{ id: string; level: number }>(
        db,
        sql`with ev as (
              select * from unnest(${col((d) => d.userId)}::bigint[], ${col((d) => d.currency)}::text[],
                                   ${col((d) => d.volumeMinor)}::bigint[],
                                   ${col((d) => d.depositsMinor)}::bigint[])
                         as ev(user_id, currency, volume, deposits)),
            agg as (
              select user_id, currency, sum(volume)::bigint as volume, sum(deposits)::bigint as deposits
                from ev group by user_id, currency),
            up as (
              insert into user_level_progress as p
                     (user_id, currency, volume_minor, deposits_minor, updated_at)
              select user_id, currency, volume, deposits, ${at.toISOString()}::timestamptz from agg
               order by user_id, currency
              on conflict (user_id, currency) do update
                 set volume_minor = p.volume_minor + excluded.volume_minor,
                     deposits_minor = p.deposits_minor + excluded.deposits_minor,
                     updated_at = excluded.updated_at
              returning p.user_id, p.currency, p.volume_minor, p.deposits_minor),
            ${thresholdsCte()},
            reached as (
              select up.user_id,
                     coalesce(max(th.level) filter (
                       where up.volume_minor >= th.volume_min
                         and up.deposits_minor >= th.deposits_min), 0) as level
                from up join th on th.currency = up.currency
               group by up.user_id)
            update app_user a set level = r.level
              from reached r
             where a.id = r.user_id and r.level > a.level
         returning a.id::text as id, a.level`,
      );
      return rows.map((r) => ({ userId: BigInt(r.id), level: r.level }));
    },

    /** The level the thresholds in force give one user (their floor aside). */
    async thresholdLevel(userId: bigint): Promise<number> {
      const [row] = await queryRows<{ level: number }>(
        db,
        sql`with users as (select ${userId}::bigint as id), ${thresholdsCte()}, ${computedCte()}
            select level from computed`,
      );
      return row?.level ?? 0;
    },

    /**
     * Brings the users after `afterUserId` (up to `limit`, in id order) to the level the
     * thresholds in force give, or their floor when higher — up or down. Returns the last id
     * looked at (none when there were no more) and how many levels changed.
     */
    async recomputeBatch(
      afterUserId: bigint,
      limit: number,
    ): Promise<{ lastUserId: bigint | undefined; changed: number }> {
      const [row] = await queryRows<{ last: string | null; changed: number }>(
        db,
        sql`with users as (
              select id from app_user where id > ${afterUserId} order by id limit ${limit}),
            ${thresholdsCte()}, ${computedCte()},
            upd as (
              update app_user a set level = greatest(a.level_floor, c.level)
                from computed c
               where a.id = c.id and a.level <> greatest(a.level_floor, c.level)
           returning a.id)
            select (select max(id) from users)::text as last, (select count(*) from upd)::int as changed`,
      );
      return {
        lastUserId: row?.last === null || row?.last === undefined ? undefined : BigInt(row.last),
        changed: row?.changed ?? 0,
      };
    },

    /** The user's level in force and staff's floor. */
    async levelOf(userId: bigint): Promise<{ level: number; floor: number } | undefined> {
      const [row] = await queryRows<{ level: number; floor: number }>(
        db,
        sql`select level, level_floor as floor from app_user where id = ${userId}`,
      );
      return row;
    },

    /** The user's progress rows (none for a currency nothing happened in). */
    progressOf: (userId: bigint) =>
      db.select().from(userLevelProgress).where(eq(userLevelProgress.userId, userId)),

    /** Staff's floor, and the level in force it gives with what the thresholds give. */
    async setFloor(userId: bigint, floor: number, thresholdLevel: number): Promise<void> {
      const level = Math.max(floor, thresholdLevel);
      await db.execute(
        sql`update app_user set level_floor = ${floor}, level = ${level} where id = ${userId}`,
      );
    },

    /**
     * The recompute's state — how far the pass has come, whether it is done — and whether the
     * thresholds in force are the ones it applies (compared as JSON values, not as text), with
     * those thresholds.
     */
    async recomputeState(): Promise<{
      current: unknown;
      same: boolean;
      afterUserId: bigint;
      done: boolean;
    }> {
      const [row] = await queryRows<{
        current: unknown;
        same: boolean | null;
        after_user_id: string | null;
        done: boolean | null;
      }>(
        db,
        sql`with cur as (
              select coalesce((select value from system_setting where key = 'memberLevels'),
                              ${DEFAULT_JSON}::jsonb) as j)
            select cur.j as current, r.thresholds = cur.j as same,
                   r.after_user_id::text as after_user_id, r.done
              from cur left join ${levelRecompute} r on r.id = 1`,
      );
      if (!row) throw new Error('level recompute: no state row');
      return {
        current: typeof row.current === 'string' ? JSON.parse(row.current) : row.current,
        same: row.same === true,
        afterUserId: BigInt(row.after_user_id ?? 0),
        done: row.done === true,
      };
    },

    /** Starts a pass over every user for `thresholds` (replacing any pass in progress). */
    async startPass(thresholds: unknown, at: Date): Promise<void> {
      const row = { thresholds, afterUserId: 0n, done: false, startedAt: at, finishedAt: null };
      await db
        .insert(levelRecompute)
        .values({ id: 1, ...row })
        .onConflictDoUpdate({ target: levelRecompute.id, set: row });
    },

    async advancePass(afterUserId: bigint, done: boolean, at: Date): Promise<void> {
      await db
        .update(levelRecompute)
        .set({ afterUserId, done, finishedAt: done ? at : null })
        .where(eq(levelRecompute.id, 1));
    },
  };
}
