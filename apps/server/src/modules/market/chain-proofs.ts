// Checking the tick chain from the database: a run of it, and a trade receipt's proof.
import { formatScaled } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { CHAIN_GENESIS, verifySegments, type ChainItem, type ChainTick } from './chain.js';
import { createMarketRepository, type TickRow } from './market.repository.js';

/** A receipt checks at most this many ticks (a 10-minute order at 2 ticks/s needs ~1,300). */
const PROOF_MAX_TICKS = 20_000;

/** `verify` and `proof`; `scaleOf` is a symbol's price scale (none: unknown). */
export function createChainProofs(deps: {
  db: Db;
  scaleOf: (symbol: string) => Promise<number | undefined>;
}) {
  const { db, scaleOf } = deps;
  const repo = () => createMarketRepository(db);

  const toChainTick = (t: TickRow, scale: number) => ({
    id: t.id.toString(),
    symbol: t.symbol,
    timeMs: t.timeMs,
    price: formatScaled(t.priceMinor, scale),
    prevHash: t.prevHash,
    hash: t.hash,
  });

  return {
    /**
     * Re-checks a run of the chain from the database, as anyone could from the API: from the
     * chain's start (genesis) or from tick `fromId`, across any holes retention left (each
     * recorded with the hashes on either side).
     */
    async verify(symbol: string, fromId: bigint | undefined, limit: number, toId?: bigint) {
      const scale = await scaleOf(symbol);
      if (scale === undefined) return undefined;
      const r = repo();
      const rows = await r.ticksFrom(symbol, fromId, limit, toId);
      const ticks = rows.map((t) => toChainTick(t, scale));
      const lastId = rows.at(-1)?.id;
      const gaps = lastId === undefined ? [] : await r.gaps(symbol, fromId ?? 0n, lastId);
      const items: (ChainItem & { id: bigint })[] = [
        ...rows.map((t, i) => ({ ...(ticks[i] as ChainTick), kind: 'tick' as const, id: t.id })),
        ...gaps.map((g) => ({
          kind: 'gap' as const,
          id: g.firstId,
          prevHash: g.prevHash,
          lastHash: g.lastHash,
          firstTimeMs: g.firstTimeMs,
          lastTimeMs: g.lastTimeMs,
        })),
      ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const anchor = fromId === undefined ? CHAIN_GENESIS : (items[0]?.prevHash ?? CHAIN_GENESIS);
      const verdict = verifySegments(items, anchor);
      return {
        symbol,
        ok: verdict.ok,
        checked: verdict.checked,
        broken: verdict.ok
          ? null
          : { id: items[verdict.brokenAt]?.id.toString() ?? '', reason: verdict.reason },
        first: ticks[0] ?? null,
        last: ticks.at(-1) ?? null,
        pruned: gaps.reduce((n, g) => n + g.count, 0),
        ticks,
        gaps: gaps.map((g) => ({
          firstId: g.firstId.toString(),
          lastId: g.lastId.toString(),
          count: g.count,
          prevHash: g.prevHash,
          lastHash: g.lastHash,
        })),
      };
    },

    /**
     * What a trade receipt shows: the strike and exit ticks, the first published chain head at
     * or after the exit, and a check of the chain from the strike to that head (or to the exit
     * while no head covers it yet). Holes retention left inside the range verify through their
     * gap records.
     */
    async proof(symbol: string, strikeId: bigint, exitId: bigint | undefined) {
      const scale = await scaleOf(symbol);
      if (scale === undefined) return undefined;
      const r = repo();
      const [strike, exit] = await Promise.all([
        r.tick(symbol, strikeId),
        exitId === undefined ? undefined : r.tick(symbol, exitId),
      ]);
      if (!strike) return undefined;
      const last = exit ?? strike;
      const head = await r.headCovering(symbol, last.id);
      const toId = head?.tickId ?? last.id;
      const rows = await r.ticksBetween(symbol, strikeId, toId, PROOF_MAX_TICKS);
      const gaps = await r.gaps(symbol, strikeId, toId);
      const items: (ChainItem & { id: bigint })[] = [
        ...rows.map((t) => ({ ...toChainTick(t, scale), kind: 'tick' as const, id: t.id })),
        ...gaps.map((g) => ({
          kind: 'gap' as const,
          id: g.firstId,
          prevHash: g.prevHash,
          lastHash: g.lastHash,
          firstTimeMs: g.firstTimeMs,
          lastTimeMs: g.lastTimeMs,
        })),
      ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const verdict = verifySegments(items, strike.prevHash);
      const reached = rows.at(-1);
      const ok =
        verdict.ok &&
        reached?.id === toId &&
        (head === undefined || reached.hash === head.hash) &&
        (exit === undefined || rows.some((t) => t.id === exit.id && t.hash === exit.hash));
      return {
        strikeTick: toChainTick(strike, scale),
        exitTick: exit ? toChainTick(exit, scale) : null,
        head: head
          ? { minuteMs: head.minuteMs, tickId: head.tickId.toString(), hash: head.hash }
          : null,
        verification: {
          ok,
          checked: verdict.checked,
          fromTickId: strikeId.toString(),
          toTickId: toId.toString(),
        },
      };
    },
  };
}
