/**
 * Integer division with a named rounding mode (CONVENTIONS, Money: "name the rounding").
 *
 * Everything here works on `bigint` only. Division is the one place where money arithmetic loses
 * information, so every division in the money core goes through `divRound` and says which way
 * the remainder goes.
 */

/**
 * How to round the exact quotient `numerator / denominator` to an integer.
 *
 * - `halfEven` — to the nearest integer; a tie (exactly .5) goes to the even neighbour
 *   ("banker's rounding"). The default of BRIEF §3 for rounding to the currency scale.
 * - `halfUp` — to the nearest integer; a tie goes away from zero (2.5 → 3, −2.5 → −3). Called
 *   "half up" as in the commercial convention, meaning "half away from zero", not "towards +∞".
 * - `floor` — towards −∞ (2.7 → 2, −2.1 → −3).
 * - `ceil` — towards +∞ (2.1 → 3, −2.7 → −2).
 * - `trunc` — towards zero (2.7 → 2, −2.7 → −2).
 */
export type RoundingMode = 'halfEven' | 'halfUp' | 'floor' | 'ceil' | 'trunc';

/** Every rounding mode, in a fixed order (for tests and exhaustive tables). */
export const ROUNDING_MODES: readonly RoundingMode[] = Object.freeze([
  'halfEven',
  'halfUp',
  'floor',
  'ceil',
  'trunc',
]);

/**
 * `numerator / denominator` rounded to an integer with `mode`. Exact for every `bigint` input,
 * any signs.
 *
 * @throws RangeError when `denominator` is zero.
 */
export function divRound(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('divRound: division by zero');
  // Normalise so the denominator is positive; the quotient is unchanged.
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;

  // BigInt `/` truncates towards zero and `%` takes the sign of the dividend.
  const truncated = n / d;
  const remainder = n % d;
  if (remainder === 0n) return truncated;

  // The exact quotient lies strictly between `truncated` and `away` (one step further from 0).
  const away = n < 0n ? truncated - 1n : truncated + 1n;
  switch (mode) {
    case 'trunc':
      return truncated;
    case 'floor':
      return n < 0n ? away : truncated;
    case 'ceil':
      return n > 0n ? away : truncated;
    case 'halfUp':
    case 'halfEven': {
      // Compare the dropped fraction |remainder| / d with one half.
      const twice = 2n * (remainder < 0n ? -remainder : remainder);
      if (twice < d) return truncated;
      if (twice > d) return away;
      if (mode === 'halfUp') return away;
      return truncated % 2n === 0n ? truncated : away;
    }
  }
}

/** `numerator / denominator` rounded to the nearest integer, ties to even. */
export function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  return divRound(numerator, denominator, 'halfEven');
}

/** `numerator / denominator` rounded to the nearest integer, ties away from zero. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return divRound(numerator, denominator, 'halfUp');
}

/** `numerator / denominator` rounded towards −∞. */
export function divFloor(numerator: bigint, denominator: bigint): bigint {
  return divRound(numerator, denominator, 'floor');
}

/** `numerator / denominator` rounded towards +∞. */
export function divCeil(numerator: bigint, denominator: bigint): bigint {
  return divRound(numerator, denominator, 'ceil');
}

/** `numerator / denominator` rounded towards zero (what BigInt `/` does, but named). */
export function divTrunc(numerator: bigint, denominator: bigint): bigint {
  return divRound(numerator, denominator, 'trunc');
}
