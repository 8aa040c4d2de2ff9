import { ELO_RATING_FLOOR } from '../calculator';
import {
  capDifference,
  EXPECTATION_MODELS,
  expectedScore,
  fideTableExpectedScore,
  logisticExpectedScore,
  type ExpectationModel,
} from '../expectation';
import { defaultsOf, type ParameterDescriptor } from '../parameters';
import { roundHalfAwayFromZero, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';
import {
  assembleResult,
  ChangeRowTable,
  copyPlayers,
  createGameResults,
  EventRows,
  initialRowCapacity,
  maxPlayersPerEvent,
  playOrders,
} from '../impl/workspace';
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
    errorCode: 'INVALID_K',
    description: 'K-factor of every game, for both players.',
    source: 'seed 002 (presets 40, 32, 20, 16, 10; "de nombreux sites en ligne utilisent 32")',
  },
  {
    key: 'model',
    type: 'enum',
    values: EXPECTATION_MODELS,
    default: 'logistic',
    description: 'Expectation model: logistic 1/(1 + 10^(−D/400)) or FIDE table 8.1.2.',
    source: 'spec §1 (default logistic, seed 002 formula)',
  },
  {
    key: 'cap400',
    type: 'boolean',
    default: false,
    description: 'Count a rating difference above 400 as 400.',
    source: 'spec §1 "optional 400-point cap" (FIDE B.02 §8.3.1)',
  },
  {
    key: 'initialRating',
    type: 'number',
    default: 1500,
    min: ELO_RATING_FLOOR,
    description: 'Rating an unrated player starts from (the calculator has no rule for newcomers).',
    source: '[DECISION] this library: 1500, the seed-002 calculator’s even pairing',
  },
  roundingParameter('each game’s change (seed 002 shows the new rating rounded)'),
];

const defaults = defaultsOf<EloParams>(parameters);

/**
 * `elo`: the seed-002 calculator applied game after game (event order, then round, board, input
 * order). One K for everyone, so every game is zero-sum except where the 0 floor stops a loss.
 * Carry: none (null).
 */
export const elo: RatingSystem<EloParams> = {
  id: 'elo',
  name: 'Elo (single K)',
  nameFr: 'Elo (K unique)',
  description: 'Classic Elo: K·(S − E) after every game, one K for all players (the seed-002 calculator).',
  parameters,
  defaults,
  ratingUnit: 'game',
  expectedScore(own, opponent, context) {
    const params = { ...defaults, ...context?.params };
    return expectedScore(own, opponent, params.model, params.cap400);
  },
  isProvisional: () => false,
  rate: rateElo,
};

function rateElo(input: ValidatedInput, params: EloParams): ColumnarRatingResult {
  const players = copyPlayers(input);
  const out = createGameResults(input);
  const rows = new ChangeRowTable(initialRowCapacity(input));
  // The working rating lives beside the event bookkeeping (EventRows.work), one cache line per player.
  const sums = new EventRows(input.playerCount, maxPlayersPerEvent(input), rows, 1);
  const { rating, games: played } = players;
  const { work } = sums;
  for (let p = 0; p < input.playerCount; p++) work[sums.extraAt(p)] = rating[p];
  const { k } = params;
  const orders = playOrders(input);
  for (let e = 0; e < input.eventCount; e++) {
    sums.start(e);
    rateEventGames(input, e, orders[e], params, sums, out);
    const first = sums.finish();
    for (let row = first; row < rows.count; row++) {
      const p = rows.player[row];
      rows.ratingAfter[row] = work[sums.extraAt(p)];
      rows.k[row] = k;
      players.k[p] = k;
      played[p] += rows.games[row];
    }
  }
  for (let p = 0; p < input.playerCount; p++) {
    rating[p] = work[sums.extraAt(p)];
    players.listed[p] = rating[p] === rating[p] ? 1 : 0;
  }
  return assembleResult(elo.id, params, input, players, rows, out);
}

/** The games of one event in play order, each rated from the ratings left by the previous one. */
function rateEventGames(
  input: ValidatedInput,
  e: number,
  order: Int32Array | null,
  params: EloParams,
  sums: EventRows,
  out: GameResultColumns,
): void {
  const { white, black, score } = input.events.games;
  const { whiteRating, blackRating, whiteExpected, blackExpected, whiteChange, blackChange } = out;
  const { k, cap400, initialRating } = params;
  const { work, stride } = sums;
  // Direct calls under loop-invariant tests (not function variables) so that V8 inlines them.
  const logistic = params.model === 'logistic';
  const round = params.rounding !== 'none';
  const keepGames = input.options.gameRows;
  const start = input.events.gameOffsets[e];
  const end = input.events.gameOffsets[e + 1];
  for (let i = start; i < end; i++) {
    const g = order === null ? i : order[i - start];
    const w = white[g];
    const b = black[g];
    const s = score[g];
    const atW = w * stride + 2; // = sums.extraAt(w)
    const atB = b * stride + 2;
    const ratedW = work[atW];
    const ratedB = work[atB];
    const rw = ratedW === ratedW ? ratedW : initialRating; // NaN: unrated
    const rb = ratedB === ratedB ? ratedB : initialRating;
    const difference = cap400 ? capDifference(rw - rb) : rw - rb;
    const ew = logistic ? logisticExpectedScore(difference) : fideTableExpectedScore(difference);
    // One K and a symmetric model: black's change is the exact opposite (rounding is symmetric too).
    const exact = k * (s - ew);
    const change = round ? roundHalfAwayFromZero(exact) : exact;
    const nw = rw + change < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : rw + change;
    const nb = rb - change < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : rb - change;
    work[atW] = nw;
    work[atB] = nb;
    sums.add(sums.enter(w, ratedW), rb, s, ew, nw - rw);
    sums.add(sums.enter(b, ratedB), rw, 1 - s, 1 - ew, nb - rb);
    if (keepGames) {
      whiteRating[g] = rw;
      blackRating[g] = rb;
      whiteExpected[g] = ew;
      blackExpected[g] = 1 - ew;
      whiteChange[g] = nw - rw;
      blackChange[g] = nb - rb;
    }
  }
}
