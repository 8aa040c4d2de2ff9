import { fail } from './errors';

/**
 * [DECISION] this library: the highest rating any system accepts. No rating system nears it (FIDE's
 * highest ever is 2882, Glicko-2 ratings stay within a few thousand points) and every sum a run makes of
 * such ratings stays finite and exact.
 */
const MAX_RATING = 10_000;
/**
 * [DECISION] this library: the largest K any system or the calculator accepts. The rules use at most 40
 * (the Elo calculator page's presets, FIDE B.02 §8.3.3); a K above this is a typing error.
 */
const MAX_K = 1000;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { MAX_RATING, MAX_K };

/** A rating the rules can work with: a finite number from 0 to MAX_RATING. */
export function isRating(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_RATING; // false for NaN
}

export type GameScore = 0 | 0.5 | 1;

export function isGameScore(value: unknown): value is GameScore {
  return value === 0 || value === 0.5 || value === 1;
}

export function assertRating(value: unknown, field: string): asserts value is number {
  if (!isRating(value)) fail('INVALID_RATING', field, `must be a rating from 0 to ${MAX_RATING}`, value);
}

export function assertGameScore(value: unknown, field: string): asserts value is GameScore {
  if (!isGameScore(value)) fail('INVALID_SCORE', field, 'must be 1 (win), 0.5 (draw) or 0 (loss)', value);
}

export function assertK(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !(value > 0 && value <= MAX_K)) {
    fail('INVALID_K', field, `must be a number > 0 and ≤ ${MAX_K}`, value);
  }
}

export function assertBoolean(value: unknown, field: string): asserts value is boolean {
  if (typeof value !== 'boolean') fail('INVALID_PARAMETER', field, 'must be true or false', value);
}

/** The argument object of an exported function (a call without one, or with an array, is refused by name). */
export function assertObject(value: unknown, field: string): asserts value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('INVALID_INPUT', field, 'must be an object', value);
  }
}
