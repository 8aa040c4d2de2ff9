/**
 * The two tables of the FIDE Rating Regulations (Handbook B.02, effective 1 March 2024), as data.
 * Both are the same for standard, rapid and blitz. Probabilities and fractional scores are kept in
 * integer hundredths so that sums of them are exact (rating rules §0: 10.8 is never 10.799999).
 */

/** One row of table 8.1.2: rating differences up to `maxDifference` (inclusive) give `percent`/100 to the higher rated. */
export interface ScoringProbabilityRow {
  readonly maxDifference: number;
  readonly percent: number;
}

/**
 * FIDE B.02 table 8.1.2 (rating difference D → scoring probability PD of the higher-rated player).
 * Rows are upper bounds: 0–3 → .50, 4–10 → .51, … 620–735 → .99, above 735 → 1.00. The lower-rated
 * player gets 1 − PD. A fractional difference falls in the row above the last bound it exceeds (3.5 → .51).
 */
export const FIDE_SCORING_PROBABILITY_TABLE: readonly ScoringProbabilityRow[] = Object.freeze(
  [
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
    Infinity,
  ].map((maxDifference, row) => Object.freeze({ maxDifference, percent: 50 + row })),
);

/** The largest difference the table distinguishes; above it the higher rated is given 1.00 (table 8.1.2 "> 735"). */
const FIDE_TABLE_MAX_DIFFERENCE = 735;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { FIDE_TABLE_MAX_DIFFERENCE };

/** One row of table 8.1.1: a fractional score of `percent`/100 is worth a rating difference `dp`. */
export interface RatingDifferenceRow {
  readonly percent: number;
  readonly dp: number;
}

/**
 * FIDE B.02 table 8.1.1 (fractional score p → rating difference dp), p from 1.00 down to .50; the lower
 * half is dp(1 − p) = −dp(p). "For a zero or 1.0 score dp is necessarily indeterminate but is shown
 * notionally as 800."
 */
export const FIDE_RATING_DIFFERENCE_TABLE: readonly RatingDifferenceRow[] = Object.freeze(
  [
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262, 251, 240, 230, 220,
    211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21,
    14, 7, 0,
  ].map((dp, row) => Object.freeze({ percent: 100 - row, dp })),
);

/** Table 8.1.2 unrolled by ⌈|D|⌉ for the engines' inner loops (index 0 … 735). */
const PERCENT_BY_CEILED_DIFFERENCE: Uint8Array = (() => {
  const lookup = new Uint8Array(FIDE_TABLE_MAX_DIFFERENCE + 1);
  let row = 0;
  for (let difference = 0; difference <= FIDE_TABLE_MAX_DIFFERENCE; difference++) {
    while (difference > FIDE_SCORING_PROBABILITY_TABLE[row].maxDifference) row++;
    lookup[difference] = FIDE_SCORING_PROBABILITY_TABLE[row].percent;
  }
  return lookup;
})();

/** dp by percent 0 … 100 (table 8.1.1 with its negative half). */
const DP_BY_PERCENT: Int16Array = (() => {
  const lookup = new Int16Array(101);
  for (const { percent, dp } of FIDE_RATING_DIFFERENCE_TABLE) {
    lookup[percent] = dp;
    lookup[100 - percent] = -dp;
  }
  return lookup;
})();

/** PD in hundredths for the player whose rating exceeds his opponent's by `difference` (negative when lower). */
export function fideScoringPercent(difference: number): number {
  const distance = Math.ceil(Math.abs(difference));
  const higher = distance > FIDE_TABLE_MAX_DIFFERENCE ? 100 : PERCENT_BY_CEILED_DIFFERENCE[distance];
  return difference < 0 ? 100 - higher : higher;
}

/** Table 8.1.2: the scoring probability PD (0 … 1) for a rating difference D = own − opponent. */
export function fideScoringProbability(difference: number): number {
  return fideScoringPercent(difference) / 100;
}

/** Table 8.1.1: dp for a fractional score given in whole hundredths (0 … 100). */
export function fideRatingDifference(percent: number): number {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`fideRatingDifference: percent must be an integer 0…100 (got ${percent})`);
  }
  return DP_BY_PERCENT[percent];
}
