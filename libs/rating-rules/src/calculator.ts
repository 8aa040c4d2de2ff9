import { assertBoolean, assertGameScore, assertK, assertObject, assertRating, type GameScore } from './checks';
import { assertModel, expectedFromDifference, type ExpectationModel } from './expectation';
import { roundHalfAwayFromZero } from './rounding';

/** The federation’s Elo page: "L'Elo est un nombre entier dont le minimum est 0": no Elo rating goes below 0. */
const ELO_RATING_FLOOR = 0;
// Declared `const`, then exported: CommonJS output reads an `export const` from `exports` at every use,
// which V8 does not fold into the engines' loops (a tenth of a fide run); a module constant it does.
export { ELO_RATING_FLOOR };

/** The K presets the Elo calculator page offers (any positive K is accepted). */
export const K_FACTOR_PRESETS: readonly number[] = [40, 32, 20, 16, 10];

export interface CalculateGameInput {
  readonly rating: number;
  readonly opponent: number;
  /** The player's score: 1, 0.5 or 0. */
  readonly score: GameScore;
  readonly k: number;
  readonly model?: ExpectationModel;
  readonly cap400?: boolean;
}

export interface ScenarioOutcome {
  readonly score: GameScore;
  /** K·(S − E), unrounded. */
  readonly change: number;
  readonly changeRounded: number;
  readonly newRating: number;
  readonly opponentChange: number;
  readonly opponentChangeRounded: number;
  readonly opponentNewRating: number;
}

export interface GameCalculation extends ScenarioOutcome {
  readonly expected: number;
  readonly opponentExpected: number;
  readonly scenarios: { readonly win: ScenarioOutcome; readonly draw: ScenarioOutcome; readonly loss: ScenarioOutcome };
}

/** The rating after a change, the change rounded half away from zero (unless `round` is false), floored at 0. */
export function applyEloChange(rating: number, change: number, round: boolean): number {
  const next = rating + (round ? roundHalfAwayFromZero(change) : change);
  return next < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : next;
}

/**
 * The Elo calculator page’s calculator: one game between two players with the same K. Returns both expected scores,
 * the change unrounded and rounded, both new ratings (the rounded change applied, floored at 0) and the
 * win/draw/loss table for the same pairing.
 */
export function calculateGame(input: CalculateGameInput): GameCalculation {
  assertObject(input, 'input');
  const { rating, opponent, score, k, model = 'logistic', cap400 = false } = input;
  assertRating(rating, 'rating');
  assertRating(opponent, 'opponent');
  assertGameScore(score, 'score');
  assertK(k, 'k');
  assertModel(model, 'model');
  assertBoolean(cap400, 'cap400');
  const expected = expectedFromDifference(rating - opponent, model, cap400);
  // Both models are symmetric (E(b, a) = 1 − E(a, b)), so with one K the opponent's change is the exact opposite.
  const opponentExpected = 1 - expected;
  const outcome = (played: GameScore): ScenarioOutcome => {
    const change = k * (played - expected);
    const opponentChange = -change;
    return {
      score: played,
      change,
      changeRounded: roundHalfAwayFromZero(change),
      newRating: applyEloChange(rating, change, true),
      opponentChange,
      opponentChangeRounded: roundHalfAwayFromZero(opponentChange),
      opponentNewRating: applyEloChange(opponent, opponentChange, true),
    };
  };
  const scenarios = { win: outcome(1), draw: outcome(0.5), loss: outcome(0) };
  const played = score === 1 ? scenarios.win : score === 0.5 ? scenarios.draw : scenarios.loss;
  return { ...played, expected, opponentExpected, scenarios };
}
