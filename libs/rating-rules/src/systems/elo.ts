import { ELO_RATING_FLOOR } from '../calculator';
import { MAX_K, MAX_RATING } from '../checks';
import {
  capDifference,
  EXPECTATION_MODELS,
  expectedScore,
  fideTableExpectedScore,
  logisticExpectedScore,
  type ExpectationModel,
} from '../expectation';
import { defaultsOf, resolveParameters, type ParameterDescriptor } from '../parameters';
import { roundHalfAwayFromZero, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';
import {
  assembleResult,
  ChangeRows,
  copyPlayers,
  createGameResults,
  playOrders,
  type WorkingPlayers,
} from '../impl/workspace';
import { performanceFromSums } from '../performance';
import { roundingParameter } from './common';

export type EloParams = {
  readonly k: number;
  readonly model: ExpectationModel;
  readonly cap400: boolean;
  readonly initialRating: number;
  readonly rounding: RoundingMode;
};

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'k',
    type: 'number',
    default: 32,
    min: 0,
    exclusiveMin: true,
    max: MAX_K,
    errorCode: 'INVALID_K',
    description: 'K-factor of every game, for both players.',
    source: 'the Elo calculator page (presets 40, 32, 20, 16, 10; "de nombreux sites en ligne utilisent 32")',
  },
  {
    key: 'model',
    type: 'enum',
    values: EXPECTATION_MODELS,
    default: 'logistic',
    description: 'Expectation model: logistic 1/(1 + 10^(−D/400)) or FIDE table 8.1.2.',
    source: 'rating rules §1 (default logistic, the Elo calculator page’s formula)',
  },
  {
    key: 'cap400',
    type: 'boolean',
    default: false,
    description: 'Count a rating difference above 400 as 400.',
    source: 'rating rules §1 "optional 400-point cap" (FIDE B.02 §8.3.1)',
  },
  {
    key: 'initialRating',
    type: 'number',
    default: 1500,
    min: ELO_RATING_FLOOR,
    max: MAX_RATING,
    description: 'Rating an unrated player starts from (the calculator has no rule for newcomers).',
    source: '[DECISION] this library: 1500, the Elo calculator page’s even pairing',
  },
  roundingParameter('each game’s change (the Elo calculator page shows the new rating rounded)'),
];

const defaults = defaultsOf<EloParams>(parameters);

/**
 * `elo`: the Elo calculator page applied game after game (event order, then round, board, input
 * order). One K for everyone, so every game is zero-sum except where the 0 floor stops a loss.
 * Carry: none (null).
 */
export const elo: RatingSystem<EloParams> = {
  id: 'elo',
  name: 'Elo (single K)',
  nameFr: 'Elo (K unique)',
  description: 'Classic Elo: K·(S − E) after every game, one K for all players (the Elo calculator page).',
  parameters,
  defaults,
  ratingUnit: 'game',
  performanceMethod: 'linear',
  uses: { deviation: false, birthYear: false },
  expectedScore(own, opponent, context) {
    const params = resolveParameters<EloParams>(parameters, context?.params, 'elo');
    return expectedScore(own, opponent, params.model, params.cap400);
  },
  isProvisional: () => false,
  rate: rateElo,
};

/**
 * Per player, his working rating and the games he has played in the run side by side (`work`, from
 * player·STRIDE): a game updates both in one cache line, and the event's end finds them still there.
 */
const RATING = 0;
const PLAYED = 1;
const STRIDE = 2;

/** One long loop per function (see impl/workspace). */
function rateElo(input: ValidatedInput, params: EloParams): ColumnarRatingResult {
  const players = copyPlayers(input, {});
  const out = createGameResults(input);
  const rows = new ChangeRows(input);
  const work = workingRatings(players.rating);
  rateAllEvents(input, params, work, rows, out);
  closePlayers(players, work, params.k);
  return assembleResult(elo.id, params, input, players, rows, out);
}

function workingRatings(rating: Float64Array): Float64Array {
  const work = new Float64Array(STRIDE * rating.length);
  for (let p = 0; p < rating.length; p++) work[p * STRIDE + RATING] = rating[p];
  return work;
}

/**
 * The events in order and, in each, the games in play order, each rated from the ratings left by the
 * previous one. The game loop is not a function called per event: see impl/workspace.
 */
function rateAllEvents(
  input: ValidatedInput,
  params: EloParams,
  work: Float64Array,
  rows: ChangeRows,
  out: GameResultColumns | null,
): void {
  const { white, black, score } = input.events.games;
  const { k, cap400, initialRating } = params;
  // Direct calls under loop-invariant tests (not function variables) so that V8 inlines them.
  const logistic = params.model === 'logistic';
  const round = params.rounding !== 'none';
  const orders = playOrders(input);
  for (let e = 0; e < input.eventCount; e++) {
    const start = input.events.gameOffsets[e];
    const end = input.events.gameOffsets[e + 1];
    const order = orders[e];
    rows.startEvent(e, end - start);
    const { expected, score: scored, games, change, opponentRatingSum: opponents } = rows; // locals: see impl/workspace
    for (let i = start; i < end; i++) {
      const g = order === null ? i : order[i - start];
      const w = white[g];
      const b = black[g];
      const s = score[g];
      const atW = w * STRIDE;
      const atB = b * STRIDE;
      const ratedW = work[atW + RATING];
      const ratedB = work[atB + RATING];
      const rowW = rows.enter(w, ratedW);
      const rowB = rows.enter(b, ratedB);
      const rw = ratedW === ratedW ? ratedW : initialRating; // NaN: unrated
      const rb = ratedB === ratedB ? ratedB : initialRating;
      const difference = cap400 ? capDifference(rw - rb) : rw - rb;
      const ew = logistic ? logisticExpectedScore(difference) : fideTableExpectedScore(difference);
      // One K and a symmetric model: black's change is the exact opposite (rounding is symmetric too).
      const exact = k * (s - ew);
      const delta = round ? roundHalfAwayFromZero(exact) : exact;
      const nw = rw + delta < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : rw + delta;
      const nb = rb - delta < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : rb - delta;
      work[atW + RATING] = nw;
      work[atB + RATING] = nb;
      work[atW + PLAYED]++;
      work[atB + PLAYED]++;
      opponents[rowW] += rb;
      scored[rowW] += s;
      expected[rowW] += ew;
      change[rowW] += nw - rw;
      games[rowW]++;
      opponents[rowB] += rw;
      scored[rowB] += 1 - s;
      expected[rowB] += 1 - ew;
      change[rowB] += nb - rb;
      games[rowB]++;
      if (out !== null) {
        out.whiteRating[g] = rw;
        out.blackRating[g] = rb;
        out.whiteExpected[g] = ew;
        out.blackExpected[g] = 1 - ew;
        out.whiteChange[g] = nw - rw;
        out.blackChange[g] = nb - rb;
      }
    }
    const { player, ratingAfter, k: kOfRow } = rows;
    for (let row = rows.first, last = rows.count; row < last; row++) {
      ratingAfter[row] = work[player[row] * STRIDE + RATING];
      kOfRow[row] = k;
      rows.performance[row] = performanceFromSums(opponents[row], scored[row], games[row], 'linear');
    }
  }
}

/** Every player's state after the run: rating, games, the K of those who played. */
function closePlayers(players: WorkingPlayers, work: Float64Array, k: number): void {
  const { rating, games } = players;
  for (let p = 0; p < rating.length; p++) {
    const played = work[p * STRIDE + PLAYED];
    rating[p] = work[p * STRIDE + RATING];
    games[p] += played;
    if (played > 0) players.k[p] = k;
    players.listed[p] = rating[p] === rating[p] ? 1 : 0;
  }
}
