import { fail } from '../errors';
import { assertRating, MAX_RATING } from '../checks';
import { fideScoringPercent } from '../fide-tables';
import { assembleResult, ChangeRows, copyPlayers, createGameResults, type WorkingPlayers } from '../impl/workspace';
import { defaultsOf, resolveParameters, type ParameterDescriptor } from '../parameters';
import { performanceFromSums } from '../performance';
import { roundHalfAwayFromZero, roundingFunction, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';
import { carryNumber, roundingParameter } from './common';

export type FqeParams = {
  readonly certainWinAbove735: boolean;
  readonly halvedAbove: number;
  readonly bonusOnHalvedChange: boolean;
  readonly roundBeforeBonus: boolean;
  readonly unratedOpponentRating: number | null;
  readonly rounding: RoundingMode;
};

/** The Quebec cote page: "La cote d'un joueur est provisoire lorsqu'il a joué 24 parties ou moins avant le début d'un tournoi." */
const FQE_PROVISIONAL_MAX_GAMES = 24;
/** The Quebec cote page: the tournament in which the player plays his 25th game is rated as permanent. */
const FQE_PERMANENT_FROM_GAME = FQE_PROVISIONAL_MAX_GAMES + 1;
/** The Quebec cote page: "Cn = Ca + K(R − Rp)" with K = 32 (rating rules §3). */
const FQE_K = 32;
/** The Quebec cote page: "Si la cote … n'atteint pas 1200 lors de son 1er tournoi … on lui redonnera 50% de la différence." */
const FQE_FIRST_TOURNAMENT_TARGET = 1200;
const FQE_FIRST_TOURNAMENT_SHARE = 0.5;
/** The Quebec cote page: bonus limit "16 + 2 x Nb parties". */
const FQE_BONUS_BASE = 16;
const FQE_BONUS_PER_GAME = 2;
/** Rating rules §3: floor 0. */
const FQE_RATING_FLOOR = 0;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export {
  FQE_PROVISIONAL_MAX_GAMES,
  FQE_PERMANENT_FROM_GAME,
  FQE_K,
  FQE_FIRST_TOURNAMENT_TARGET,
  FQE_FIRST_TOURNAMENT_SHARE,
  FQE_BONUS_BASE,
  FQE_BONUS_PER_GAME,
  FQE_RATING_FLOOR,
};

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'certainWinAbove735',
    type: 'boolean',
    default: true,
    description: 'A difference above 735 gives the higher rated 1.00 (false: .99, the last row of the table).',
    source:
      '[DECISION] rating rules §3: the Quebec cote page "735+ pts : 100%" read as FIDE table 8.1.2 "> 735 → 1.00"',
  },
  {
    key: 'halvedAbove',
    type: 'number',
    default: 2200,
    min: 0,
    max: MAX_RATING,
    description: 'K is halved (16) when the rating before the tournament is strictly above this.',
    source: '[DECISION] rating rules §3: the Quebec cote page "dont la cote dépasse les 2200" read as > 2200',
  },
  {
    key: 'bonusOnHalvedChange',
    type: 'boolean',
    default: true,
    description: 'The bonus is computed on the halved change (false: on the full change, the total then halved).',
    source: '[DECISION] rating rules §3 (vector fqe-over-2200-halved: 2338; false gives 2351)',
  },
  {
    key: 'roundBeforeBonus',
    type: 'boolean',
    default: false,
    description: 'Round the change before computing the bonus (false: one rounding of Ca + Δ + bonus).',
    source: '[DECISION] rating rules §3 (vector fqe-permanent-with-bonus: 1551; true gives 1550)',
  },
  {
    key: 'unratedOpponentRating',
    type: 'number',
    default: null,
    nullable: true,
    min: 0,
    max: MAX_RATING,
    description:
      'Rating a newcomer counts as for his opponents; null: a game counts for a player only if his opponent is rated.',
    source: '[DECISION] rating rules §3: games between two newcomers are rated for neither',
  },
  roundingParameter('the new rating (once per tournament)'),
];

const defaults = defaultsOf<FqeParams>(parameters);

/** 'provisional' or 'permanent' for a player with `gamesBefore` rated games playing `gamesInTournament` (the Quebec cote page). */
export function fqeMethod(gamesBefore: number, gamesInTournament: number): 'provisional' | 'permanent' {
  return gamesBefore + gamesInTournament >= FQE_PERMANENT_FROM_GAME ? 'permanent' : 'provisional';
}

/** The Quebec cote page bonus: every point of the change above 16 + 2·N, never negative. */
export function fqeBonus(change: number, games: number): number {
  return Math.max(0, change - (FQE_BONUS_BASE + FQE_BONUS_PER_GAME * games));
}

/** The Quebec cote page, first tournament only: below 1200 the player gets half the gap back (1000 → 1100). */
export function fqeFirstTournamentRating(performance: number): number {
  return performance < FQE_FIRST_TOURNAMENT_TARGET
    ? performance + FQE_FIRST_TOURNAMENT_SHARE * (FQE_FIRST_TOURNAMENT_TARGET - performance)
    : performance;
}

export interface FqePermanentChange {
  readonly k: number;
  /** K·(R − Rp), halved K applied (rounded first when roundBeforeBonus). */
  readonly change: number;
  readonly bonus: number;
  readonly newRating: number;
}

/** Slots of permanentInto's output (the engine reuses one small array instead of an object per row). */
const OUT_K = 0;
const OUT_CHANGE = 1;
const OUT_BONUS = 2;
const OUT_RATING = 3;

/**
 * The permanent formula: Cn = Ca + K·(R − Rp) + bonus, K halved above 2200; `expectedPercent` is Rp in
 * hundredths (exact sums of table 8.1.2). Writes K, change, bonus and the new rating into `out`.
 */
function permanentInto(
  out: Float64Array,
  rating: number,
  score: number,
  expectedPercent: number,
  games: number,
  params: FqeParams,
): void {
  const halved = rating > params.halvedAbove;
  const k = halved ? FQE_K / 2 : FQE_K;
  const baseK = halved && !params.bonusOnHalvedChange ? FQE_K : k;
  const raw = (baseK * (100 * score - expectedPercent)) / 100;
  const change = params.roundBeforeBonus && params.rounding !== 'none' ? roundHalfAwayFromZero(raw) : raw;
  const bonus = fqeBonus(change, games);
  const share = k / baseK; // 1/2 when the halving comes after the bonus
  const exact = rating + (change + bonus) * share;
  const next = params.rounding === 'none' ? exact : roundHalfAwayFromZero(exact);
  out[OUT_K] = k;
  out[OUT_CHANGE] = change * share;
  out[OUT_BONUS] = bonus * share;
  out[OUT_RATING] = next < FQE_RATING_FLOOR ? FQE_RATING_FLOOR : next;
}

/** The permanent formula for one player and tournament (see permanentInto). */
export function fqePermanentChange(
  rating: number,
  score: number,
  expectedPercent: number,
  games: number,
  params: FqeParams = defaults,
): FqePermanentChange {
  const out = new Float64Array(4);
  permanentInto(out, rating, score, expectedPercent, games, params);
  return { k: out[OUT_K], change: out[OUT_CHANGE], bonus: out[OUT_BONUS], newRating: out[OUT_RATING] };
}

/**
 * `fqe`: the Quebec federation "cote" (the Quebec cote page), rated tournament by tournament from the ratings at
 * each tournament's start, expected scores from FIDE table 8.1.2 without the 400-point rule.
 *
 * Carry, while provisional: `{ opponentRatingSum: number, winsMinusLosses: number, tournaments: number }`
 * — over all the player's rated games (opponent's rating at the start of each game's tournament) and
 * the number of tournaments rated; null once permanent.
 */
export const fqe: RatingSystem<FqeParams> = {
  id: 'fqe',
  name: 'Quebec federation rating (FQE)',
  nameFr: 'Cote FQE',
  description:
    'The Quebec cote page: provisional performance for 24 games, then K 32 (16 above 2200) per tournament with bonus points.',
  parameters,
  defaults,
  ratingUnit: 'event',
  performanceMethod: 'linear',
  uses: { deviation: false, birthYear: false },
  expectedScore(own, opponent, context) {
    assertRating(own, 'own');
    assertRating(opponent, 'opponent');
    const params = resolveParameters<FqeParams>(parameters, context?.params, 'fqe');
    return fqePercent(own - opponent, params.certainWinAbove735) / 100;
  },
  isProvisional: (state) => state.rating !== null && state.games <= FQE_PROVISIONAL_MAX_GAMES,
  rate: rateFqe,
};

/** Table 8.1.2 in hundredths, 1.00 above 735 unless the pool chose .99. */
function fqePercent(difference: number, certainWinAbove735: boolean): number {
  const percent = fideScoringPercent(difference);
  if (certainWinAbove735) return percent;
  return percent === 100 ? 99 : percent === 0 ? 1 : percent;
}

function readCarry(players: WorkingPlayers, p: number) {
  const carry = players.carry[p];
  if (carry) {
    const tournaments = carryNumber(carry, 'tournaments', p, true);
    if (tournaments < 0) fail('INVALID_CARRY', `players[${p}].carry.tournaments`, 'must be ≥ 0', tournaments);
    return {
      opponentRatingSum: carryNumber(carry, 'opponentRatingSum', p),
      winsMinusLosses: carryNumber(carry, 'winsMinusLosses', p, true),
      tournaments,
    };
  }
  // Rated before this library kept sums: start from sums that reproduce the rating.
  const rated = players.rating[p] === players.rating[p];
  return {
    opponentRatingSum: rated ? players.rating[p] * players.games[p] : 0,
    winsMinusLosses: 0,
    tournaments: rated && players.games[p] > 0 ? 1 : 0,
  };
}

/** One long loop per function (see impl/workspace). */
function rateFqe(input: ValidatedInput, params: FqeParams): ColumnarRatingResult {
  const players = copyPlayers(input, { carry: true });
  const out = createGameResults(input);
  const rows = new ChangeRows(input);
  rateAllEvents(input, params, players, rows, out);
  closePlayers(players);
  return assembleResult(fqe.id, params, input, players, rows, out);
}

/**
 * Each tournament: its games from the ratings at its start (they change only at its end), then each
 * player's new rating, by the permanent formula (into `permanent`, see permanentInto) or the
 * provisional one. One function for all events: see impl/workspace.
 */
function rateAllEvents(
  input: ValidatedInput,
  params: FqeParams,
  players: WorkingPlayers,
  rows: ChangeRows,
  out: GameResultColumns | null,
): void {
  const { white, black, score } = input.events.games;
  const { certainWinAbove735 } = params;
  const unratedAs = params.unratedOpponentRating ?? NaN;
  const { rating, games: played } = players;
  const permanent = new Float64Array(4);
  const round = roundingFunction(params.rounding);
  for (let e = 0; e < input.eventCount; e++) {
    const start = input.events.gameOffsets[e];
    const end = input.events.gameOffsets[e + 1];
    rows.startEvent(e, end - start);
    const { expected, score: scored, games, opponentRatingSum: opponents } = rows; // locals: see impl/workspace
    for (let g = start; g < end; g++) {
      const w = white[g];
      const b = black[g];
      const s = score[g];
      const ratedW = rating[w];
      const ratedB = rating[b];
      const countedW = ratedW === ratedW ? ratedW : unratedAs; // NaN: the game does not count for black
      const countedB = ratedB === ratedB ? ratedB : unratedAs;
      const percentW =
        countedB === countedB && ratedW === ratedW ? fqePercent(ratedW - countedB, certainWinAbove735) : NaN;
      const percentB =
        countedW === countedW && ratedB === ratedB ? fqePercent(ratedB - countedW, certainWinAbove735) : NaN;
      if (countedB === countedB) {
        const row = rows.enter(w, ratedW);
        opponents[row] += countedB;
        scored[row] += s;
        expected[row] += percentW;
        games[row]++;
      }
      if (countedW === countedW) {
        const row = rows.enter(b, ratedB);
        opponents[row] += countedW;
        scored[row] += 1 - s;
        expected[row] += percentB;
        games[row]++;
      }
      if (out !== null) {
        out.whiteRating[g] = countedW;
        out.blackRating[g] = countedB;
        out.whiteExpected[g] = percentW / 100;
        out.blackExpected[g] = percentB / 100;
      }
    }
    for (let row = rows.first; row < rows.count; row++) {
      const p = rows.player[row];
      const before = rows.ratingBefore[row];
      const n = rows.games[row];
      const gamesBefore = played[p];
      const opponentSum = rows.opponentRatingSum[row];
      rows.performance[row] = performanceFromSums(opponentSum, rows.score[row], n, 'linear');
      if (before === before && fqeMethod(gamesBefore, n) === 'permanent') {
        permanentInto(permanent, before, rows.score[row], rows.expected[row], n, params);
        rating[p] = permanent[OUT_RATING];
        rows.k[row] = permanent[OUT_K];
        rows.change[row] = permanent[OUT_CHANGE];
        rows.bonus[row] = permanent[OUT_BONUS];
        players.carry[p] = null;
      } else {
        const carried = readCarry(players, p);
        const opponentRatingSum = carried.opponentRatingSum + opponentSum;
        const winsMinusLosses = carried.winsMinusLosses + 2 * rows.score[row] - n;
        const performance = performanceFromSums(
          opponentRatingSum,
          (winsMinusLosses + gamesBefore + n) / 2,
          gamesBefore + n,
          'linear',
        );
        const earned = carried.tournaments === 0 ? fqeFirstTournamentRating(performance) : performance;
        const next = round(earned);
        rating[p] = next < FQE_RATING_FLOOR ? FQE_RATING_FLOOR : next;
        rows.k[row] = NaN;
        rows.change[row] = rating[p] - before; // NaN for a first rating
        players.carry[p] = { opponentRatingSum, winsMinusLosses, tournaments: carried.tournaments + 1 };
      }
      rows.expected[row] /= 100;
      rows.ratingAfter[row] = rating[p];
      played[p] = gamesBefore + n;
      players.k[p] = rows.k[row];
    }
    if (out !== null) {
      // players.k holds this event's K of every side a game counted for (a NaN expected otherwise).
      for (let g = start; g < end; g++) {
        out.whiteChange[g] = players.k[white[g]] * (score[g] - out.whiteExpected[g]);
        out.blackChange[g] = players.k[black[g]] * (1 - score[g] - out.blackExpected[g]);
      }
    }
  }
}

function closePlayers(players: WorkingPlayers): void {
  const { rating, games } = players;
  for (let p = 0; p < rating.length; p++) {
    const rated = rating[p] === rating[p];
    players.listed[p] = rated ? 1 : 0;
    players.provisional[p] = rated && games[p] <= FQE_PROVISIONAL_MAX_GAMES ? 1 : 0;
  }
}
