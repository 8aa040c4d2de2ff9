import { ELO_RATING_FLOOR } from '../calculator';
import { expectedScore, logisticExpectedScore } from '../expectation';
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
import { defaultsOf, type ParameterDescriptor } from '../parameters';
import { roundHalfAwayFromZero, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';
import { readPerformanceSums, roundingParameter, type PerformanceSums } from './common';

export type EloProvisionalParams = {
  readonly provisionalGames: number;
  readonly scaleKAgainstProvisional: boolean;
  readonly rounding: RoundingMode;
};

/** Seed 000: "L'Elo de départ de tout nouveau joueur est de 0" — what an unrated opponent counts as. */
export const ELO_PROVISIONAL_START_RATING = 0;

/** Seed 000: "32 pour 0-2099, 24 pour 2100-2399, 16 pour 2400 et plus", by the player's own pre-game rating. */
export const ELO_PROVISIONAL_K_BANDS: readonly { readonly from: number; readonly k: number }[] = Object.freeze([
  Object.freeze({ from: 2400, k: 16 }),
  Object.freeze({ from: 2100, k: 24 }),
  Object.freeze({ from: 0, k: 32 }),
]);

/** Seed 000: each point of W − L over N games is worth 400/N (Ep = Ea + 400·(W − L)/N). */
const PROVISIONAL_SPREAD = 400;

/** K of an established player (seed 000 bands). */
export function eloProvisionalK(rating: number): number {
  const bands = ELO_PROVISIONAL_K_BANDS;
  let i = 0;
  while (i < bands.length - 1 && rating < bands[i].from) i++; // indexed: runs in the engine's inner loop
  return bands[i].k;
}

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'provisionalGames',
    type: 'integer',
    default: 20,
    min: 1,
    description: 'A rating is provisional (~) while fewer games than this are completed; established from then on.',
    source: 'seed 000 "jusqu\'à ce qu\'il ait fait 20 parties"',
  },
  {
    key: 'scaleKAgainstProvisional',
    type: 'boolean',
    default: true,
    description: 'Against a provisional opponent K is multiplied by n/provisionalGames, n = his completed games (0 in his first game: no change).',
    source: '[DECISION] spec §2: seed 000 "la valeur de K sera de (n/20)" read as K × n/20',
  },
  roundingParameter('each game’s change and each provisional rating'),
];

const defaults = defaultsOf<EloProvisionalParams>(parameters);

/**
 * `elo-provisional` (seed 000): integer ratings from 0; the 20-game provisional period rates from the
 * performance of all games so far; established players gain K·(R − E) after every game.
 *
 * Carry, while provisional: `{ opponentRatingSum: number, winsMinusLosses: number }` — Σ of the
 * opponents' ratings when each game was played and Σ (W − L) over all the player's games (N is his
 * games count); null once established.
 */
export const eloProvisional: RatingSystem<EloProvisionalParams> = {
  id: 'elo-provisional',
  name: 'Elo with a provisional period',
  nameFr: 'Elo avec période prévisionnelle',
  description: 'Seed 000: provisional performance rating for 20 games, then Elo after every game with K 32/24/16.',
  parameters,
  defaults,
  ratingUnit: 'game',
  expectedScore: (own, opponent) => expectedScore(own, opponent, 'logistic', false),
  isProvisional(state, params) {
    const provisionalGames = params?.provisionalGames ?? defaults.provisionalGames;
    return state.rating !== null && state.games < provisionalGames;
  },
  rate: rateEloProvisional,
};

/** The engine's working columns (typed arrays, written in place; the result owns them). */
interface ProvisionalState extends PerformanceSums {
  readonly rating: Float64Array;
  readonly games: Int32Array;
  readonly k: Float64Array;
  readonly touched: Uint8Array;
}

function rateEloProvisional(input: ValidatedInput, params: EloProvisionalParams): ColumnarRatingResult {
  const players = copyPlayers(input);
  const { provisionalGames } = params;
  const state: ProvisionalState = {
    rating: players.rating,
    games: players.games,
    k: players.k,
    touched: new Uint8Array(input.playerCount),
    ...readPerformanceSums(players, (p) => players.games[p] < provisionalGames),
  };
  const out = createGameResults(input);
  const rows = new ChangeRowTable(initialRowCapacity(input));
  const sums = new EventRows(input.playerCount, maxPlayersPerEvent(input), rows);
  const { rating } = players;
  const orders = playOrders(input);
  for (let e = 0; e < input.eventCount; e++) {
    sums.start(e);
    rateEventGames(input, e, orders[e], params, state, sums, out);
    const first = sums.finish();
    for (let row = first; row < rows.count; row++) {
      const p = rows.player[row];
      rows.ratingAfter[row] = rating[p];
      rows.k[row] = players.k[p];
    }
  }
  for (let p = 0; p < input.playerCount; p++) {
    const rated = rating[p] === rating[p];
    players.listed[p] = rated ? 1 : 0;
    players.provisional[p] = rated && players.games[p] < provisionalGames ? 1 : 0;
    if (state.touched[p]) {
      players.carry[p] = players.provisional[p]
        ? { opponentRatingSum: state.opponentRatingSum[p], winsMinusLosses: state.winsMinusLosses[p] }
        : null;
    }
  }
  return assembleResult(eloProvisional.id, params, input, players, rows, out);
}

/**
 * One side of a game: the player's rating after it, by the provisional formula over all his games
 * (while fewer than provisionalGames are completed) or K·(S − E) rounded; updates his games and K.
 */
function nextRating(
  state: ProvisionalState,
  provisionalGames: number,
  scaleK: boolean,
  round: boolean,
  p: number,
  own: number,
  opponent: number,
  opponentGames: number,
  score: number,
  expected: number,
): number {
  const gamesBefore = state.games[p];
  state.games[p] = gamesBefore + 1;
  state.touched[p] = 1;
  let next: number;
  if (gamesBefore < provisionalGames) {
    const sum = (state.opponentRatingSum[p] += opponent);
    const winsMinusLosses = (state.winsMinusLosses[p] += 2 * score - 1); // win +1, draw 0, loss −1
    const performance = (sum + PROVISIONAL_SPREAD * winsMinusLosses) / (gamesBefore + 1);
    next = round ? roundHalfAwayFromZero(performance) : performance;
    state.k[p] = NaN;
  } else {
    const k = eloProvisionalK(own) * (scaleK && opponentGames < provisionalGames ? opponentGames / provisionalGames : 1);
    const exact = k * (score - expected);
    next = own + (round ? roundHalfAwayFromZero(exact) : exact);
    state.k[p] = k;
  }
  return next < ELO_RATING_FLOOR ? ELO_RATING_FLOOR : next;
}

function rateEventGames(
  input: ValidatedInput,
  e: number,
  order: Int32Array | null,
  params: EloProvisionalParams,
  state: ProvisionalState,
  sums: EventRows,
  out: GameResultColumns,
): void {
  const { white, black, score } = input.events.games;
  const { whiteRating, blackRating, whiteExpected, blackExpected, whiteChange, blackChange } = out;
  const { rating, games } = state;
  const { provisionalGames, scaleKAgainstProvisional } = params;
  const round = params.rounding !== 'none';
  const keepGames = input.options.gameRows;
  const start = input.events.gameOffsets[e];
  const end = input.events.gameOffsets[e + 1];
  for (let i = start; i < end; i++) {
    const g = order === null ? i : order[i - start];
    const w = white[g];
    const b = black[g];
    const s = score[g];
    const ratedW = rating[w];
    const ratedB = rating[b];
    const rw = ratedW === ratedW ? ratedW : ELO_PROVISIONAL_START_RATING; // NaN: unrated
    const rb = ratedB === ratedB ? ratedB : ELO_PROVISIONAL_START_RATING;
    const gamesW = games[w];
    const gamesB = games[b];
    const ew = logisticExpectedScore(rw - rb);
    const nw = nextRating(state, provisionalGames, scaleKAgainstProvisional, round, w, rw, rb, gamesB, s, ew);
    const nb = nextRating(state, provisionalGames, scaleKAgainstProvisional, round, b, rb, rw, gamesW, 1 - s, 1 - ew);
    rating[w] = nw;
    rating[b] = nb;
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
