import { assertBoolean, assertObject, assertRating } from './checks';
import { fail } from './errors';
import { fideScoringPercent } from './fide-tables';

export type ExpectationModel = 'logistic' | 'fide-table';
export const EXPECTATION_MODELS: readonly ExpectationModel[] = ['logistic', 'fide-table'];

/** Elo's scale: 400 points of difference multiply the odds by 10 (the federation’s Elo page "Ra = 1/(10^(−de/400) + 1)"). */
const ELO_SCALE = 400;

/** FIDE B.02 §8.3.1: "a difference in rating of more than 400 points shall be counted … as 400 points". */
const RATING_DIFFERENCE_CAP = 400;

/** The range the expectancy curve spans (the Elo calculator page plots the curve over ±800). */
const EXPECTANCY_CURVE_SPAN = 800;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { ELO_SCALE, RATING_DIFFERENCE_CAP, EXPECTANCY_CURVE_SPAN };

/** ln(10)/400: 10^(x/400) = e^(x·ln10/400). */
const LOGISTIC_EXPONENT = Math.LN10 / ELO_SCALE;

/** E(D) by e^x, the one formula of the logistic model (see logisticExpectedScore). */
function logisticFromExp(difference: number): number {
  return 1 / (1 + Math.exp(-difference * LOGISTIC_EXPONENT));
}

/** Whole differences the table below covers, ±this (any wider difference is computed). */
const TABULATED_DIFFERENCE = 4096;

/** logisticFromExp of every whole difference −4096 … 4096, at index D + 4096: the same doubles (64 KB). */
const LOGISTIC_BY_WHOLE_DIFFERENCE: Float64Array = Float64Array.from({ length: 2 * TABULATED_DIFFERENCE + 1 }, (_, i) =>
  logisticFromExp(i - TABULATED_DIFFERENCE),
);

/**
 * `logistic` model: E(D) = 1 / (1 + 10^(−D/400)), computed as 1 / (1 + e^(−D·ln10/400)) — the same
 * value within 2.2e-16, and V8's Math.exp is about 3× faster than `10 **`. A whole difference (every
 * difference of rounded ratings) is read from a table of those very values: no exponential and no
 * division, a sixth of an Elo run saved. Any other is computed. No input check: the engines' inner
 * loops call it.
 */
export function logisticExpectedScore(difference: number): number {
  // (D | 0) === D: a whole number (false for fractions and NaN), tested before adding anything to it.
  if ((difference | 0) === difference && difference >= -TABULATED_DIFFERENCE && difference <= TABULATED_DIFFERENCE) {
    return LOGISTIC_BY_WHOLE_DIFFERENCE[difference + TABULATED_DIFFERENCE];
  }
  return logisticFromExp(difference);
}

/** `fide-table` model as a fraction: table 8.1.2's PD for D = own − opponent. */
export function fideTableExpectedScore(difference: number): number {
  return fideScoringPercent(difference) / 100;
}

/** Clamps a difference to ±400 (the 400-point rule). */
export function capDifference(difference: number): number {
  return difference > RATING_DIFFERENCE_CAP
    ? RATING_DIFFERENCE_CAP
    : difference < -RATING_DIFFERENCE_CAP
      ? -RATING_DIFFERENCE_CAP
      : difference;
}

export function assertModel(value: unknown, field: string): asserts value is ExpectationModel {
  if (!EXPECTATION_MODELS.includes(value as ExpectationModel)) {
    fail('INVALID_PARAMETER', field, `must be one of ${EXPECTATION_MODELS.join(', ')}`, value);
  }
}

/** Expected score from a rating difference D = own − opponent (no input check). */
export function expectedFromDifference(difference: number, model: ExpectationModel, cap400: boolean): number {
  const counted = cap400 ? capDifference(difference) : difference;
  return model === 'logistic' ? logisticExpectedScore(counted) : fideTableExpectedScore(counted);
}

/**
 * Expected score of `own` against `opponent` (rating rules §0): `logistic` (default) or `fide-table` (table
 * 8.1.2), optionally with the 400-point rule. E(a, b) + E(b, a) = 1 in both models.
 */
export function expectedScore(
  own: number,
  opponent: number,
  model: ExpectationModel = 'logistic',
  cap400 = false,
): number {
  assertRating(own, 'own');
  assertRating(opponent, 'opponent');
  assertModel(model, 'model');
  assertBoolean(cap400, 'cap400');
  return expectedFromDifference(own - opponent, model, cap400);
}

export interface ExpectancyPoint {
  readonly difference: number;
  readonly expected: number;
}

export interface ExpectancyCurveOptions {
  readonly model?: ExpectationModel;
  readonly cap400?: boolean;
  /** Distance between samples; 800 must be a multiple of it. Default 10. */
  readonly step?: number;
}

/** E(D) sampled for D from −800 to 800 (the curve the Elo calculator page plots, with the pairing marked on it). */
export function expectancyCurve(options: ExpectancyCurveOptions = {}): ExpectancyPoint[] {
  assertObject(options, 'options');
  const { model = 'logistic', cap400 = false, step = 10 } = options;
  assertModel(model, 'model');
  assertBoolean(cap400, 'cap400');
  if (!Number.isInteger(step) || step <= 0 || EXPECTANCY_CURVE_SPAN % step !== 0) {
    fail('INVALID_PARAMETER', 'step', `must be a positive integer dividing ${EXPECTANCY_CURVE_SPAN}`, step);
  }
  const points: ExpectancyPoint[] = [];
  for (let difference = -EXPECTANCY_CURVE_SPAN; difference <= EXPECTANCY_CURVE_SPAN; difference += step) {
    points.push({ difference, expected: expectedFromDifference(difference, model, cap400) });
  }
  return points;
}
