import { assertRating } from './checks';
import { fail } from './errors';
import { fideRatingDifference } from './fide-tables';
import { roundFraction } from './rounding';

export type PerformanceMethod = 'linear' | 'fide';

/** The Quebec cote page's performance: each point above 50 % is worth 400/N rating points (mean + 400·(W − L)/N). */
const LINEAR_PERFORMANCE_SPREAD = 400;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { LINEAR_PERFORMANCE_SPREAD };

/**
 * p = points/games in whole hundredths, ties rounded `halves` ('up' by analogy with the Title Regulations'
 * "0.5% is rounded up"), computed on integers so 23/40 gives 58 and not 57.4999….
 */
export function percentScore(scoreHalves: number, games: number, halves: 'up' | 'down' = 'up'): number {
  return roundFraction(50 * scoreHalves, games, halves);
}

/** Performance from the sum of opponents' ratings, the score and the number of games (no checks). */
export function performanceFromSums(
  opponentRatingSum: number,
  score: number,
  games: number,
  method: PerformanceMethod,
): number {
  if (method === 'linear') return (opponentRatingSum + LINEAR_PERFORMANCE_SPREAD * (2 * score - games)) / games;
  return opponentRatingSum / games + fideRatingDifference(percentScore(2 * score, games));
}

/**
 * Performance rating of a set of games: `linear` = mean(opponents) + 400·(W − L)/N (the Quebec cote page, a
 * tie-break), `fide` = Ra + dp(p) (FIDE title regulations, table 8.1.1, no cap). Null without games.
 */
export function performanceRating(
  opponentRatings: readonly number[],
  score: number,
  method: PerformanceMethod,
): number | null {
  if (method !== 'linear' && method !== 'fide')
    fail('INVALID_PARAMETER', 'method', "must be 'linear' or 'fide'", method);
  if (!Array.isArray(opponentRatings))
    fail('INVALID_INPUT', 'opponentRatings', 'must be an array of ratings', opponentRatings);
  let sum = 0;
  opponentRatings.forEach((rating, index) => {
    assertRating(rating, `opponentRatings[${index}]`);
    sum += rating;
  });
  const games = opponentRatings.length;
  if (!Number.isFinite(score) || score < 0 || score > games || !Number.isInteger(2 * score)) {
    fail('INVALID_SCORE', 'score', `must be a multiple of 0.5 between 0 and the ${games} games played`, score);
  }
  return games === 0 ? null : performanceFromSums(sum, score, games, method);
}
