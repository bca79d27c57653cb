import { randomBytes } from 'node:crypto';

/**
 * The simulated feed's price process: a geometric random walk driven by a CSPRNG. Randomness is
 * floating point (it is noise, not money); each price is rounded half-even to the product's
 * scale and kept as exact minor units from then on.
 */

/** Bytes drawn from the operating system at a time: one syscall per 512 draws. */
const POOL_BYTES = 4096;

/**
 * Uniform doubles in [0, 1) from the operating system's CSPRNG (`node:crypto`). Nothing about
 * the draws follows from anything public — not the chain, not the time, not the tick count — so
 * nobody, us included, can predict the walk (issue #23: a generator seeded from the public chain
 * head let an outsider win every trade). Bytes are taken in pools so a draw is a buffer read.
 */
export function secureRandom(): () => number {
  let pool = randomBytes(POOL_BYTES);
  let at = 0;
  return () => {
    if (at + 8 > POOL_BYTES) {
      pool = randomBytes(POOL_BYTES);
      at = 0;
    }
    // 53 random bits: 21 from the high word, 32 from the low one.
    const high = pool.readUInt32BE(at) >>> 11;
    const low = pool.readUInt32BE(at + 4);
    at += 8;
    return (high * 4_294_967_296 + low) / 9_007_199_254_740_992;
  };
}

export interface WalkOptions {
  random: () => number;
  /** Annualized volatility in basis points (e.g. 6000 = 60 %). */
  volatilityBps: number;
  /** Price decimals of the product. */
  scale: number;
}

const YEAR_MS = 365 * 86_400_000;

/** One step of `dtMs` from `priceMinor`; never below one minor unit. */
export function step(priceMinor: bigint, dtMs: number, opts: WalkOptions): bigint {
  // Box–Muller: a standard normal draw from two uniform ones.
  const u1 = Math.max(opts.random(), Number.EPSILON);
  const u2 = opts.random();
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  const sigma = (opts.volatilityBps / 10_000) * Math.sqrt(dtMs / YEAR_MS);
  const factor = Math.exp(sigma * z - (sigma * sigma) / 2);
  // Scale the factor to an integer ratio (1e9 precision) so the multiplication stays exact.
  const ratio = BigInt(Math.round(factor * 1e9));
  const scaled = priceMinor * ratio;
  const q = scaled / 1_000_000_000n;
  const r = scaled % 1_000_000_000n;
  // Half-even to the product's scale.
  const rounded =
    r * 2n > 1_000_000_000n || (r * 2n === 1_000_000_000n && q % 2n === 1n) ? q + 1n : q;
  return rounded < 1n ? 1n : rounded;
}
