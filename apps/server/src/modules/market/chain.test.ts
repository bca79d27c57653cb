import { describe, expect, it } from 'vitest';
import {
  CHAIN_GENESIS,
  tickHash,
  verifyChain,
  verifySegments,
  type ChainGap,
  type ChainTick,
} from './chain.js';

function chainOf(prices: string[], start = 1_795_000_000_000): ChainTick[] {
  const out: ChainTick[] = [];
  let prev = CHAIN_GENESIS;
  prices.forEach((price, i) => {
    const timeMs = start + i * 500;
    const hash = tickHash(prev, 'BTC/USDT', timeMs, price);
    out.push({ symbol: 'BTC/USDT', timeMs, price, prevHash: prev, hash });
    prev = hash;
  });
  return out;
}

describe('tick chain', () => {
  it('hashes exactly the documented fields', () => {
    // sha256("000…0\nBTC/USDT\n1795000000000\n97123.45")
    expect(tickHash(CHAIN_GENESIS, 'BTC/USDT', 1_795_000_000_000, '97123.45')).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(tickHash(CHAIN_GENESIS, 'BTC/USDT', 1_795_000_000_000, '97123.45')).not.toBe(
      tickHash(CHAIN_GENESIS, 'BTC/USDT', 1_795_000_000_000, '97123.450'),
    );
  });

  it('verifies an untouched chain', () => {
    expect(verifyChain(chainOf(['1.00', '1.01', '0.99', '1.02']), CHAIN_GENESIS)).toEqual({
      ok: true,
      checked: 4,
    });
  });

  it('detects a tampered price', () => {
    const ticks = chainOf(['1.00', '1.01', '0.99', '1.02']);
    ticks[2] = { ...ticks[2]!, price: '1.05' };
    expect(verifyChain(ticks, CHAIN_GENESIS)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'hash',
    });
  });

  it('detects a removed tick and a rewritten tail', () => {
    const ticks = chainOf(['1.00', '1.01', '0.99', '1.02']);
    expect(verifyChain([ticks[0]!, ticks[2]!, ticks[3]!], CHAIN_GENESIS)).toMatchObject({
      ok: false,
      brokenAt: 1,
      reason: 'link',
    });
    const forged = chainOf(['1.00', '1.01', '1.50', '1.60']);
    expect(verifyChain([...ticks.slice(0, 2), ...forged.slice(2)], CHAIN_GENESIS)).toMatchObject({
      ok: true,
    });
    // …a forged tail is self-consistent, which is why chain heads are published every minute:
    expect(forged[3]!.hash).not.toBe(ticks[3]!.hash);
  });

  it('detects time running backwards', () => {
    const ticks = chainOf(['1.00', '1.01']);
    const back = { ...ticks[1]!, timeMs: ticks[0]!.timeMs - 1 };
    back.hash = tickHash(back.prevHash, back.symbol, back.timeMs, back.price);
    expect(verifyChain([ticks[0]!, back], CHAIN_GENESIS)).toMatchObject({
      ok: false,
      brokenAt: 1,
      reason: 'order',
    });
  });
});

describe('tick chain across retention holes', () => {
  const ticks = chainOf(['1.00', '1.01', '0.99', '1.02', '1.03', '1.04']);
  const asItem = (t: ChainTick) => ({ ...t, kind: 'tick' as const });
  /** Ticks 1–3 pruned: the gap keeps where the run started from and ended. */
  const gapOf = (from: number, to: number): ChainGap => ({
    kind: 'gap',
    prevHash: ticks[from]?.prevHash ?? '',
    lastHash: ticks[to]?.hash ?? '',
    firstTimeMs: ticks[from]?.timeMs ?? 0,
    lastTimeMs: ticks[to]?.timeMs ?? 0,
  });
  const t = (i: number) => asItem(ticks[i]!);

  it('verifies through a recorded gap', () => {
    expect(verifySegments([t(0), gapOf(1, 3), t(4), t(5)], CHAIN_GENESIS)).toEqual({
      ok: true,
      checked: 3,
    });
    expect(verifySegments([gapOf(0, 1), gapOf(2, 3), t(4)], CHAIN_GENESIS)).toEqual({
      ok: true,
      checked: 1,
    });
  });

  it('detects a tick removed without a gap record, and a gap that does not join up', () => {
    expect(verifySegments([t(0), gapOf(1, 2), t(4)], CHAIN_GENESIS)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'link',
    });
    expect(verifySegments([t(0), t(4)], CHAIN_GENESIS)).toMatchObject({ ok: false, brokenAt: 1 });
    const forged = { ...t(4), price: '9.99' };
    expect(verifySegments([t(0), gapOf(1, 3), forged], CHAIN_GENESIS)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'hash',
    });
  });
});
