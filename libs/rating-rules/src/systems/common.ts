import { fail } from '../errors';
import type { ParameterDescriptor } from '../parameters';
import type { RatingCarry } from '../types';
import { ROUNDING_MODES } from '../rounding';

/** The rounding parameter every integer-rating system has (rating rules §0: "Rounding is a parameter"). */
export const roundingParameter = (where: string): ParameterDescriptor => ({
  key: 'rounding',
  type: 'enum',
  values: ROUNDING_MODES,
  default: 'half-away-from-zero',
  description: `Rounding of ${where}: half away from zero (the rulebooks), or none (exact ratings, for what-ifs).`,
  source: 'rating rules §0 Rounding',
});

/** A number field of a player's carry; INVALID_CARRY naming `players[i].carry.<key>` otherwise. */
export function carryNumber(carry: RatingCarry, key: string, player: number, integer = false): number {
  const value = carry[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    fail(
      'INVALID_CARRY',
      `players[${player}].carry.${key}`,
      `must be a finite ${integer ? 'integer' : 'number'}`,
      value,
    );
  }
  return value;
}
