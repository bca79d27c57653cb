import { divRound, VOLUME_SCALE, type RoundingMode } from '@ampere/contract';
import type { MarketService } from './market.service.js';

/** A price observation from a feed, before it is checked and published. */
export interface FeedTick {
  /** Our product symbol, e.g. `BTC/USDT`. */
  symbol: string;
  /** When it traded, epoch ms (the venue's time). */
  timeMs: number;
  /** Decimal string as the venue sent it; rounded to the product's scale here. */
  price: string;
  /** Base-asset quantity, decimal string; "0" when the venue has none. */
  qty: string;
}

/** Every feed (simulated or a venue's stream) is started and stopped the same way. */
export interface MarketFeed {
  start(): void;
  stop(): Promise<void>;
}

export interface GateLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GateStats {
  published: number;
  /** Ticks replaced by a newer one of the same symbol while a write was in flight. */
  conflated: number;
  /** Ticks beyond the jump bound, not published (some later confirmed as a level shift). */
  heldBack: number;
  /** Unknown symbols, malformed prices, time running backwards or in the future. */
  rejected: number;
  /** Held-back runs accepted after `confirmTicks` consistent ticks at the new level. */
  levelShifts: number;
}

const DECIMAL = /^(\d{1,20})(?:\.(\d{1,18}))?$/;

/** An exact decimal string at `scale`, rounded by `mode`; undefined when it is not one. */
export function decimalToScale(
  text: string,
  scale: number,
  mode: RoundingMode,
): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1] ?? '0'}${fraction}`) * 10n ** BigInt(scale);
  return divRound(numerator, 10n ** BigInt(fraction.length), mode);
}

/** |a − b| / b beyond `bps` basis points. */
function jumpBeyond(a: bigint, b: bigint, bps: number): boolean {
  const diff = a > b ? a - b : b - a;
  return diff * 10_000n > BigInt(bps) * b;
}

interface Pending {
  timeMs: number;
  price: bigint;
  qty: bigint;
}

interface SymbolState {
  scale: number;
  last?: { timeMs: number; price: bigint };
  loaded: boolean;
  busy: boolean;
  next?: Pending;
  held: Pending[];
}

/**
 * Between a venue and the tick chain: validates each observation, holds back outliers and
 * writes at most one tick per symbol at a time.
 *
 * - A tick whose price jumps more than `maxJumpBps` from the last published price is held back
 *   and logged, not published. A lone spike is then dropped; `confirmTicks` consecutive ticks
 *   that agree with each other at the new level are taken as a real move, and the newest of
 *   them is published (logged as a level shift).
 * - Time never runs backwards on a chain, and a tick more than `maxFutureMs` ahead of our clock
 *   is refused.
 * - While a symbol's write is in flight, newer ticks conflate into one (the newest price, the
 *   summed quantity): the chain records what was published, never a backlog.
 */
export function createTickGate(opts: {
  market: MarketService;
  log: GateLog;
  maxJumpBps: number;
  confirmTicks?: number;
  maxFutureMs?: number;
  now?: () => number;
}) {
  const { market, log, maxJumpBps } = opts;
  const confirmTicks = opts.confirmTicks ?? 3;
  const maxFutureMs = opts.maxFutureMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const stats: GateStats = {
    published: 0,
    conflated: 0,
    heldBack: 0,
    rejected: 0,
    levelShifts: 0,
  };
  const states = new Map<string, SymbolState>();
  const inFlight = new Set<Promise<void>>();

  async function refreshProducts(): Promise<void> {
    // Closed products too: closing stops new orders, never the prices open orders settle on.
    for (const p of await market.productsForFeed()) {
      const state = states.get(p.symbol);
      if (!state)
        states.set(p.symbol, { scale: p.priceScale, loaded: false, busy: false, held: [] });
      else state.scale = p.priceScale;
    }
  }

  /** Decides on one observation against the last published price; returns what to publish. */
  function screen(symbol: string, state: SymbolState, tick: Pending): Pending | undefined {
    const last = state.last;
    if (last && tick.timeMs < last.timeMs) {
      stats.rejected++;
      return undefined;
    }
    if (!last || !jumpBeyond(tick.price, last.price, maxJumpBps)) {
      if (state.held.length > 0) {
        log.warn({ symbol, dropped: state.held.length }, 'outlier ticks dropped');
        state.held = [];
      }
      return tick;
    }
    stats.heldBack++;
    const first = state.held[0];
    if (first && jumpBeyond(tick.price, first.price, maxJumpBps)) state.held = [];
    state.held.push(tick);
    log.warn(
      { symbol, price: tick.price.toString(), last: last.price.toString(), bound: maxJumpBps },
      'outlier tick held back',
    );
    if (state.held.length < confirmTicks) return undefined;
    state.held = [];
    stats.levelShifts++;
    log.warn({ symbol, price: tick.price.toString() }, 'level shift confirmed');
    return tick;
  }

  async function drain(symbol: string, state: SymbolState): Promise<void> {
    state.busy = true;
    try {
      if (!state.loaded) {
        const last = await market.lastTick(symbol);
        if (last) state.last = { timeMs: last.timeMs, price: last.priceMinor };
        state.loaded = true;
      }
      while (state.next) {
        const tick = state.next;
        state.next = undefined;
        const publish = screen(symbol, state, tick);
        if (!publish) continue;
        try {
          await market.recordTick(symbol, publish.timeMs, publish.price, state.scale, publish.qty);
          state.last = { timeMs: publish.timeMs, price: publish.price };
          stats.published++;
        } catch (error) {
          // Another writer advanced the chain (a leadership hand-over): re-read where it stands.
          state.loaded = false;
          log.warn({ err: error, symbol }, 'tick not recorded');
          return;
        }
      }
    } finally {
      state.busy = false;
    }
  }

  return {
    stats,
    refreshProducts,

    /** Takes one observation; writes happen in the background (see `settled`). */
    accept(tick: FeedTick): void {
      const state = states.get(tick.symbol);
      const price = state ? decimalToScale(tick.price, state.scale, 'halfEven') : undefined;
      const qty = decimalToScale(tick.qty, VOLUME_SCALE, 'trunc');
      if (
        !state ||
        price === undefined ||
        price <= 0n ||
        qty === undefined ||
        !Number.isSafeInteger(tick.timeMs) ||
        tick.timeMs > now() + maxFutureMs
      ) {
        stats.rejected++;
        return;
      }
      const pending: Pending = { timeMs: tick.timeMs, price, qty };
      if (state.next) {
        if (pending.timeMs < state.next.timeMs) {
          stats.rejected++;
          return;
        }
        stats.conflated++;
        pending.qty += state.next.qty;
      }
      state.next = pending;
      if (state.busy) return;
      const run = drain(tick.symbol, state).finally(() => inFlight.delete(run));
      inFlight.add(run);
    },

    /** Resolves once every accepted tick has been written or dropped. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type TickGate = ReturnType<typeof createTickGate>;
