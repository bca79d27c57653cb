/**
 * The simulated feed's price process: a seeded geometric random walk, so a restart that resumes
 * from the last recorded price and the same seed gives a plausible, continuous series.
 * Randomness is floating point (it is noise, not money); each price is rounded half-even to
 * the product's scale and kept as exact minor units from then on.
 */

/** mulberry32: small, fast, good enough for simulated prices; never for anything secret. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from a string (the symbol), so each product walks its own path. */
export function seedOf(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
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
