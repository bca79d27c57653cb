import { createHash } from 'node:crypto';

/**
 * The tick hash chain (BRIEF §4): every published tick of a symbol is linked to the one before
 * it by `hash = sha256(prev_hash ‖ symbol ‖ time ‖ price)`, so a receipt can prove that the
 * entry and exit prices of a trade were recorded in order and never changed afterwards.
 * Fields are joined with "\n"; time is epoch milliseconds in decimal; price is the exact decimal
 * string at the product's scale. Anyone can recompute it from the public API.
 */
export const CHAIN_GENESIS = '0'.repeat(64);

export interface ChainTick {
  symbol: string;
  timeMs: number;
  price: string;
  prevHash: string;
  hash: string;
}

export function tickHash(prevHash: string, symbol: string, timeMs: number, price: string): string {
  return createHash('sha256').update(`${prevHash}\n${symbol}\n${timeMs}\n${price}`).digest('hex');
}

export type ChainVerdict =
  | { ok: true; checked: number }
  | { ok: false; checked: number; brokenAt: number; reason: 'hash' | 'link' | 'order' };

/**
 * Verifies a consecutive run of one symbol's ticks: each hash recomputes, each links to the one
 * before, and time never runs backwards. `anchor` is the hash before the first tick (genesis for
 * the chain's start, or a published chain head).
 */
export function verifyChain(ticks: readonly ChainTick[], anchor?: string): ChainVerdict {
  let prev = anchor ?? ticks[0]?.prevHash ?? CHAIN_GENESIS;
  let lastTime = -Infinity;
  for (const [i, t] of ticks.entries()) {
    if (t.prevHash !== prev) return { ok: false, checked: i, brokenAt: i, reason: 'link' };
    if (t.timeMs < lastTime) return { ok: false, checked: i, brokenAt: i, reason: 'order' };
    if (tickHash(t.prevHash, t.symbol, t.timeMs, t.price) !== t.hash) {
      return { ok: false, checked: i, brokenAt: i, reason: 'hash' };
    }
    prev = t.hash;
    lastTime = t.timeMs;
  }
  return { ok: true, checked: ticks.length };
}

/** A run of ticks removed by retention: where it started from and where it ended. */
export interface ChainGap {
  kind: 'gap';
  prevHash: string;
  lastHash: string;
  firstTimeMs: number;
  lastTimeMs: number;
}

export type ChainItem = (ChainTick & { kind: 'tick' }) | ChainGap;

/**
 * `verifyChain` across retention holes: `items` are a symbol's ticks and pruned runs in chain
 * order. A gap must start from the hash before it, and the tick after it must start from the
 * gap's last hash, so a hole can be neither widened nor spliced. `checked` counts ticks only;
 * `brokenAt` is an index into `items`.
 */
export function verifySegments(items: readonly ChainItem[], anchor: string): ChainVerdict {
  let prev = anchor;
  let lastTime = -Infinity;
  let checked = 0;
  for (const [i, item] of items.entries()) {
    if (item.prevHash !== prev) return { ok: false, checked, brokenAt: i, reason: 'link' };
    const start = item.kind === 'gap' ? item.firstTimeMs : item.timeMs;
    if (start < lastTime) return { ok: false, checked, brokenAt: i, reason: 'order' };
    if (item.kind === 'gap') {
      prev = item.lastHash;
      lastTime = item.lastTimeMs;
      continue;
    }
    if (tickHash(item.prevHash, item.symbol, item.timeMs, item.price) !== item.hash) {
      return { ok: false, checked, brokenAt: i, reason: 'hash' };
    }
    prev = item.hash;
    lastTime = item.timeMs;
    checked++;
  }
  return { ok: true, checked };
}
