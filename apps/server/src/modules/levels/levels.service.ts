import { formatAmount, LEVELS, type CurrencyKey, type UserLevel } from '@ampere/contract';
import type { MemberLevel } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createLevelsRepository, type ProgressDelta } from './levels.repository.js';
import { LEVEL_CURRENCIES, nextLevelNeeds, NO_PROGRESS, thresholdsOf } from './rules.js';

/** Users a recompute statement looks at: bounded, so a pass never holds many rows at once. */
export const RECOMPUTE_BATCH = 1_000;
/** Batches per run of the job: up to 20,000 users a run; the next run takes the rest. */
export const RECOMPUTE_BATCHES_PER_RUN = 20;

/** An event that counts toward member levels, as its module reports it. */
export type LevelEvent =
  | { kind: 'volume'; userId: bigint; currency: string; amountMinor: bigint }
  | { kind: 'deposit'; userId: bigint; currency: CurrencyKey; amountMinor: bigint };

/** What other modules need of levels: recording their events in their own transactions. */
export interface LevelsRecorder {
  record(tx: Db, events: readonly LevelEvent[]): Promise<{ userId: bigint; level: number }[]>;
}

const isLevelCurrency = (c: string): c is ProgressDelta['currency'] =>
  (LEVEL_CURRENCIES as readonly string[]).includes(c);

const asLevel = (n: number): MemberLevel => {
  if (!Number.isInteger(n) || n < 0 || n > 3) throw new Error(`member level out of range: ${n}`);
  return n as MemberLevel;
};

/**
 * Recording level events alone (no thresholds read in code: the statement reads them): what
 * trading, funding and the chain are given, and tools that settle or credit outside the app.
 */
export function createLevelsRecorder(deps: { db: Db; now?: () => Date }): LevelsRecorder {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Adds `events` to their users' progress inside the caller's transaction `tx`, in one
     * statement however many there are, and raises the levels they reach. Practice-book volume
     * (play money) and zero amounts are not counted. Returns the users whose level rose.
     */
    record(tx: Db, events: readonly LevelEvent[]) {
      const deltas: ProgressDelta[] = [];
      for (const e of events) {
        if (e.amountMinor < 0n)
          throw new Error(`member levels: negative ${e.kind} for ${e.userId}`);
        if (e.amountMinor === 0n || !isLevelCurrency(e.currency)) continue;
        deltas.push({
          userId: e.userId,
          currency: e.currency,
          volumeMinor: e.kind === 'volume' ? e.amountMinor : 0n,
          depositsMinor: e.kind === 'deposit' ? e.amountMinor : 0n,
        });
      }
      return createLevelsRepository(tx).apply(deltas, now());
    },
  };
}

/**
 * Member levels (docs/backoffice.md, Member levels): progress recorded by the events that make
 * it — settlement, a credited bank recharge, a credited chain deposit — in their own
 * transactions; the level raised there and then; every level brought to new thresholds by a
 * bounded pass (`recomputeStep`, the `users.levels` job); staff's floor; the user's view.
 */
export function createLevelsService(deps: {
  db: Db;
  settings: Pick<SettingsService, 'levels'>;
  now?: () => Date;
}) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = (tx: Db = db) => createLevelsRepository(tx);

  return {
    ...createLevelsRecorder({ db, now }),

    /**
     * Staff's floor (`users.level`), inside the caller's transaction: the user is never below
     * it; the level in force becomes the floor or what the thresholds give, the higher. Returns
     * that level.
     */
    async setFloor(tx: Db, userId: bigint, floor: number): Promise<number> {
      const reached = await repo(tx).thresholdLevel(userId);
      await repo(tx).setFloor(userId, floor, reached);
      return Math.max(floor, reached);
    },

    /**
     * One run of the recompute: when the thresholds in force are not the ones last applied, a
     * pass over every user starts (replacing one in progress); a pass walks users in id order,
     * `RECOMPUTE_BATCH` a statement, up to `batches` statements a run, and brings each to the
     * level the thresholds give or their floor — up or down. Returns the levels changed and
     * whether a pass is still owed.
     */
    async recomputeStep(
      batches = RECOMPUTE_BATCHES_PER_RUN,
    ): Promise<{ changed: number; pending: boolean }> {
      const state = await repo().recomputeState();
      let after = state.afterUserId;
      if (!state.same) {
        await repo().startPass(state.current, now());
        after = 0n;
      } else if (state.done) return { changed: 0, pending: false };
      let changed = 0;
      for (let i = 0; i < batches; i++) {
        const batch = await repo().recomputeBatch(after, RECOMPUTE_BATCH);
        changed += batch.changed;
        if (batch.lastUserId === undefined) {
          await repo().advancePass(after, true, now());
          return { changed, pending: false };
        }
        after = batch.lastUserId;
        await repo().advancePass(after, false, now());
      }
      return { changed, pending: true };
    },

    /** GET user/level: the level in force, progress per currency, the next level's needs. */
    async userLevel(userId: bigint): Promise<UserLevel> {
      const [found, rows, levels] = await Promise.all([
        repo().levelOf(userId),
        repo().progressOf(userId),
        settings.levels(),
      ]);
      if (!found) throw new Error(`user ${userId} has no level`);
      const progress: Record<CurrencyKey, { volumeMinor: bigint; depositsMinor: bigint }> = {
        ...NO_PROGRESS,
      };
      for (const r of rows)
        if (isLevelCurrency(r.currency))
          progress[r.currency] = { volumeMinor: r.volumeMinor, depositsMinor: r.depositsMinor };
      const thresholds = thresholdsOf(levels);
      // The stored level, as the session and Home show it: after a threshold change it trails
      // the new thresholds until the recompute's pass reaches this user (seconds).
      const floor = asLevel(found.floor);
      const level = asLevel(found.level);
      const next = nextLevelNeeds(level, progress, thresholds);
      return {
        level,
        key: LEVELS[level],
        floor,
        progress: LEVEL_CURRENCIES.map((c) => ({
          currency: c,
          volume: formatAmount(progress[c].volumeMinor, c),
          deposits: formatAmount(progress[c].depositsMinor, c),
        })),
        next: next
          ? {
              level: next.next.level,
              key: LEVELS[next.next.level],
              needs: next.needs.map((n) => ({
                currency: n.currency,
                volume: formatAmount(n.need.volumeMinor, n.currency),
                deposits: formatAmount(n.need.depositsMinor, n.currency),
                volumeMissing: formatAmount(n.missing.volumeMinor, n.currency),
                depositsMissing: formatAmount(n.missing.depositsMinor, n.currency),
              })),
            }
          : null,
      };
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
