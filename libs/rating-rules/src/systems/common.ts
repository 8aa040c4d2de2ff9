import { fail } from '../errors';
import type { WorkingPlayers } from '../impl/workspace';
import type { ParameterDescriptor } from '../parameters';
import type { RatingCarry } from '../types';
import { ROUNDING_MODES } from '../rounding';

/** The rounding parameter every integer-rating system has (spec §0: "Rounding is a parameter"). */
export const roundingParameter = (where: string): ParameterDescriptor => ({
  key: 'rounding',
  type: 'enum',
  values: ROUNDING_MODES,
  default: 'half-away-from-zero',
  description: `Rounding of ${where}: half away from zero (the rulebooks), or none (exact ratings, for what-ifs).`,
  source: 'spec §0 Rounding',
});

/** A number field of a player's carry; INVALID_CARRY naming `players[i].carry.<key>` otherwise. */
export function carryNumber(carry: RatingCarry, key: string, player: number, integer = false): number {
  const value = carry[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    fail('INVALID_CARRY', `players[${player}].carry.${key}`, `must be a finite ${integer ? 'integer' : 'number'}`, value);
  }
  return value;
}

/** Provisional running sums over all of a player's games: Σ opponents' ratings and Σ (W − L). */
export interface PerformanceSums {
  readonly opponentRatingSum: Float64Array;
  readonly winsMinusLosses: Float64Array;
}

/**
 * Reads the provisional sums of every player from his carry; a provisional player rated before this
 * library (no carry) gets sums that reproduce his rating: Σ = rating·games, W − L = 0.
 */
export function readPerformanceSums(players: WorkingPlayers, isProvisional: (p: number) => boolean): PerformanceSums {
  const n = players.ids.length;
  const opponentRatingSum = new Float64Array(n);
  const winsMinusLosses = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    if (!isProvisional(p)) continue;
    const carry = players.carry[p];
    if (carry) {
      opponentRatingSum[p] = carryNumber(carry, 'opponentRatingSum', p);
      winsMinusLosses[p] = carryNumber(carry, 'winsMinusLosses', p, true);
    } else if (players.rating[p] === players.rating[p]) {
      opponentRatingSum[p] = players.rating[p] * players.games[p];
    }
  }
  return { opponentRatingSum, winsMinusLosses };
}
