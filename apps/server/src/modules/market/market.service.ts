import {
  formatScaled,
  VOLUME_SCALE,
  type Candle,
  type Kline,
  type KlineInterval,
  type LocaleKey,
  type Product,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { Bus } from '../realtime/bus.js';
import {
  CHAIN_GENESIS,
  tickHash,
  verifySegments,
  type ChainItem,
  type ChainTick,
} from './chain.js';
import type { ChainSigner, HeadFields } from './chain-signing.js';
import { createMarketAdmin } from './admin.js';
import { createMarketRepository, type CandleRow, type TickRow } from './market.repository.js';
import { DEFAULT_PRODUCTS } from './products.seed.js';

/** The most extreme value by `better`, formatted; null for no values. */
function extreme(
  values: bigint[],
  better: (a: bigint, b: bigint) => boolean,
  f: (v: bigint) => string,
): string | null {
  let best: bigint | undefined;
  for (const v of values) if (best === undefined || better(v, best)) best = v;
  return best === undefined ? null : f(best);
}

/** The candle's wire form (contract `Candle`), for market/kline and the `kline.*` channels. */
function candleTuple(c: CandleRow, scale: number): Candle {
  const f = (v: bigint) => formatScaled(v, scale);
  return [
    c.openTimeMs,
    f(c.open),
    f(c.high),
    f(c.low),
    f(c.close),
    c.ticks,
    formatScaled(c.volume, VOLUME_SCALE),
  ];
}

/** A receipt checks at most this many ticks (a 10-minute order at 2 ticks/s needs ~1,300). */
const PROOF_MAX_TICKS = 20_000;

/** A symbol with no tick for this long is paused: no new orders (BRIEF §4). */
export const STALE_AFTER_MS = 5_000;
const DAY_MS = 86_400_000;

export interface MarketServiceDeps {
  db: Db;
  now?: () => number;
  bus?: Bus;
  /** Signs chain heads (chain-signing.ts); without one, heads are recorded unsigned. */
  signer?: ChainSigner;
  /** Appends each signed head where the database cannot rewrite it (DATA_DIR). */
  appendHeads?: (heads: (HeadFields & { signature: string })[]) => Promise<void>;
}

export function createMarketService(deps: MarketServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => createMarketRepository(db);

  const toChainTick = (t: TickRow, scale: number) => ({
    id: t.id.toString(),
    symbol: t.symbol,
    timeMs: t.timeMs,
    price: formatScaled(t.priceMinor, scale),
    prevHash: t.prevHash,
    hash: t.hash,
  });

  async function scaleOf(symbol: string): Promise<number | undefined> {
    return (await repo().products()).find((p) => p.symbol === symbol)?.priceScale;
  }

  return {
    ...createMarketAdmin({ db, now, staleAfterMs: STALE_AFTER_MS }),

    seedProducts: () => repo().insertMissingProducts(DEFAULT_PRODUCTS),

    /**
     * Publishes one tick: chained to the symbol's last tick and folded into its candles, in one
     * transaction. A second writer racing on the same symbol loses on the unique
     * (symbol, prev_hash) index instead of forking the chain.
     */
    async recordTick(
      symbol: string,
      timeMs: number,
      priceMinor: bigint,
      scale: number,
      qtyMinor = 0n,
    ): Promise<TickRow> {
      const { row, candles } = await db.transaction(async (tx) => {
        const r = createMarketRepository(tx);
        const last = await r.lastTick(symbol);
        if (last && timeMs < last.timeMs) throw new Error(`tick for ${symbol} goes back in time`);
        const prevHash = last?.hash ?? CHAIN_GENESIS;
        const hash = tickHash(prevHash, symbol, timeMs, formatScaled(priceMinor, scale));
        const inserted = await r.insertTick({
          symbol,
          timeMs,
          priceMinor,
          qtyMinor,
          prevHash,
          hash,
        });
        return {
          row: inserted,
          candles: await r.upsertCandles(symbol, timeMs, priceMinor, qtyMinor),
        };
      });
      // Published only once committed: a subscriber never sees a price that was rolled back.
      const f = (v: bigint) => formatScaled(v, scale);
      deps.bus?.publish(`ticker.${symbol}`, {
        symbol,
        price: f(priceMinor),
        time: timeMs,
        hash: row.hash,
      });
      for (const c of candles) {
        deps.bus?.publish(`kline.${symbol}.${c.interval}`, candleTuple(c, scale));
      }
      return row;
    },

    async products(locale: LocaleKey): Promise<Product[]> {
      const r = repo();
      const t = now();
      const rows = await r.products();
      return Promise.all(
        rows.map(async (p): Promise<Product> => {
          const [last, hours] = await Promise.all([
            r.lastTick(p.symbol),
            r.hourlySince(p.symbol, t - DAY_MS),
          ]);
          const f = (v: bigint) => formatScaled(v, p.priceScale);
          const open = hours[0]?.open;
          const stale = !last || t - last.timeMs > STALE_AFTER_MS;
          let changePct: string | null = null;
          if (open && last) {
            // (last − open) / open in hundredths of a percent, truncated toward zero.
            const bp = ((last.priceMinor - open) * 10_000n) / open;
            changePct = formatScaled(bp, 2);
          }
          return {
            symbol: p.symbol,
            name: p.names[locale] ?? p.names['en-US'] ?? p.symbol,
            category: p.category,
            priceScale: p.priceScale,
            state: p.tradingState === 'closed' ? 'closed' : stale ? 'paused' : 'open',
            lastPrice: last ? f(last.priceMinor) : null,
            lastTime: last?.timeMs ?? null,
            changePct,
            open24h: open === undefined ? null : f(open),
            high: extreme(
              hours.map((c) => c.high),
              (a, b) => a > b,
              f,
            ),
            low: extreme(
              hours.map((c) => c.low),
              (a, b) => a < b,
              f,
            ),
            ticks24h: hours.reduce((n, c) => n + c.ticks, 0),
            volume24h: formatScaled(
              hours.reduce((n, c) => n + c.volume, 0n),
              VOLUME_SCALE,
            ),
          };
        }),
      );
    },

    async kline(
      symbol: string,
      interval: KlineInterval,
      beforeMs: number | undefined,
      limit: number,
    ): Promise<Kline | undefined> {
      const scale = await scaleOf(symbol);
      if (scale === undefined) return undefined;
      const rows = await repo().candles(symbol, interval, beforeMs, limit);
      return {
        symbol,
        interval,
        candles: rows.map((c) => candleTuple(c, scale)),
      };
    },

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

    /**
     * Publishes each symbol's chain head as of the start of the current minute: signed, recorded
     * (append-only) and appended to the heads file. Returns how many were new.
     */
    async publishHeads(nowMs: number = now()): Promise<number> {
      const minuteMs = Math.floor(nowMs / 60_000) * 60_000;
      const due = await repo().headsDue(minuteMs);
      const heads = due.map((h) => {
        const fields = { symbol: h.symbol, minuteMs, tickId: h.tickId.toString(), hash: h.hash };
        return { ...fields, signature: deps.signer?.sign(fields) ?? null };
      });
      const recorded = new Set(
        (await repo().insertHeads(heads.map((h) => ({ ...h, tickId: BigInt(h.tickId) })))).map(
          (r) => r.symbol,
        ),
      );
      const signed = heads.filter(
        (h): h is typeof h & { signature: string } =>
          recorded.has(h.symbol) && h.signature !== null,
      );
      await deps.appendHeads?.(signed);
      return recorded.size;
    },

    async heads(symbol: string, limit: number) {
      if ((await scaleOf(symbol)) === undefined) return undefined;
      return (await repo().heads(symbol, limit)).map((h) => ({
        symbol: h.symbol,
        minuteMs: h.minuteMs,
        tickId: h.tickId.toString(),
        hash: h.hash,
        signature: h.signature,
      }));
    },

    /** The key heads are signed with (base64, raw 32 bytes); empty when heads are unsigned. */
    chainPublicKey: () => deps.signer?.publicKey ?? '',

    productsForFeed: () => repo().products(),
    lastTick: (symbol: string) => repo().lastTick(symbol),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
export type { ProductRow } from './market.repository.js';
