import { ELO_RATING_FLOOR } from '../calculator';
import { expectedScore, logisticExpectedScore } from '../expectation';
import {
  assembleResult,
  ChangeRows,
  copyPlayers,
  createGameResults,
  playOrders,
  type WorkingPlayers,
} from '../impl/workspace';
import { performanceFromSums } from '../performance';
import { defaultsOf, type ParameterDescriptor } from '../parameters';
import { roundHalfAwayFromZero, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';
import { carryNumber, roundingParameter } from './common';

export type EloProvisionalParams = {
  readonly provisionalGames: number;
  readonly scaleKAgainstProvisional: boolean;
  readonly rounding: RoundingMode;
};

/** The federation’s Elo page: "L'Elo de départ de tout nouveau joueur est de 0" — what an unrated opponent counts as. */
const ELO_PROVISIONAL_START_RATING = 0;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { ELO_PROVISIONAL_START_RATING };

/** The federation’s Elo page: "32 pour 0-2099, 24 pour 2100-2399, 16 pour 2400 et plus", by the player's own pre-game rating. */
export const ELO_PROVISIONAL_K_BANDS: readonly { readonly from: number; readonly k: number }[] = Object.freeze([
  Object.freeze({ from: 2400, k: 16 }),
  Object.freeze({ from: 2100, k: 24 }),
  Object.freeze({ from: 0, k: 32 }),
]);

/** The federation’s Elo page: each point of W − L over N games is worth 400/N (Ep = Ea + 400·(W − L)/N). */
const PROVISIONAL_SPREAD = 400;

const [TOP_BAND, MIDDLE_BAND, BASE_BAND] = ELO_PROVISIONAL_K_BANDS;

/** K of an established player (the federation’s Elo page bands). */
export function eloProvisionalK(rating: number): number {
  // Unrolled (it runs twice per game in the engine: a loop over the frozen table cost a tenth of the run).
  return rating < TOP_BAND.from ? (rating < MIDDLE_BAND.from ? BASE_BAND.k : MIDDLE_BAND.k) : TOP_BAND.k;
}

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'provisionalGames',
    type: 'integer',
    default: 20,
    min: 1,
    description: 'A rating is provisional (~) while fewer games than this are completed; established from then on.',
    source: 'the federation’s Elo page "jusqu\'à ce qu\'il ait fait 20 parties"',
  },
  {
    key: 'scaleKAgainstProvisional',
    type: 'boolean',
    default: true,
    description:
      'Against a provisional opponent K is multiplied by n/provisionalGames, n = his completed games (0 in his first game: no change).',
    source: '[DECISION] rating rules §2: the federation’s Elo page "la valeur de K sera de (n/20)" read as K × n/20',
  },
  roundingParameter('each game’s change and each provisional rating'),
];

const defaults = defaultsOf<EloProvisionalParams>(parameters);

/**
 * `elo-provisional` (the federation’s Elo page): integer ratings from 0; the 20-game provisional period rates from the
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
  description:
    'The federation’s Elo page: provisional performance rating for 20 games, then Elo after every game with K 32/24/16.',
  parameters,
  defaults,
  ratingUnit: 'game',
  performanceMethod: 'linear',
  uses: { deviation: false, birthYear: false },
  expectedScore: (own, opponent) => expectedScore(own, opponent, 'logistic', false),
  isProvisional(state, params) {
    const provisionalGames = params?.provisionalGames ?? defaults.provisionalGames;
    return state.rating !== null && state.games < provisionalGames;
  },
  rate: rateEloProvisional,
};

/**
 * Per player, two pairs of numbers side by side (from player·STRIDE), each read and updated by a game
 * in one cache line: in `work` his working rating and games count; in `sums`, while he is provisional,
 * Σ of his opponents' ratings and Σ (W − L) over all his games (his carry).
 */
const RATING = 0;
const GAMES = 1;
const OPPONENT_RATING_SUM = 0;
const WINS_MINUS_LOSSES = 1;
const STRIDE = 2;

/** One long loop per function (see impl/workspace). */
function rateEloProvisional(input: ValidatedInput, params: EloProvisionalParams): ColumnarRatingResult {
  const players = copyPlayers(input, { carry: true });
  const out = createGameResults(input);
  const rows = new ChangeRows(input);
  const work = new Float64Array(STRIDE * input.playerCount);
  const sums = new Float64Array(STRIDE * input.playerCount);
  readState(players, params.provisionalGames, work, sums);
  rateAllEvents(input, params, work, sums, rows, out);
  lastKs(players, rows);
  closePlayers(players, params, work, sums, rows);
  return assembleResult(eloProvisional.id, params, input, players, rows, out);
}

/**
 * The working state: ratings, games, and the provisional sums from each carry; a provisional player
 * rated before this library (no carry) gets sums that reproduce his rating: Σ = rating·games, W − L = 0.
 */
function readState(players: WorkingPlayers, provisionalGames: number, work: Float64Array, sums: Float64Array): void {
  const { rating, games } = players;
  for (let p = 0; p < rating.length; p++) {
    const at = p * STRIDE;
    work[at + RATING] = rating[p];
    work[at + GAMES] = games[p];
    if (games[p] >= provisionalGames) continue;
    const carry = players.carry[p];
    if (carry) {
      sums[at + OPPONENT_RATING_SUM] = carryNumber(carry, 'opponentRatingSum', p);
      sums[at + WINS_MINUS_LOSSES] = carryNumber(carry, 'winsMinusLosses', p, true);
    } else if (rating[p] === rating[p]) {
      sums[at + OPPONENT_RATING_SUM] = rating[p] * games[p];
    }
  }
}

/**
 * The events in order and, in each, the games in play order. Each side's rating after a game: while
 * fewer than provisionalGames are completed, the provisional formula over all his games, else
 * K·(S − E) rounded; the K used goes into the side's change row (the row keeps the K of his last
 * game). The game loop is not a function called per event: see impl/workspace.
 */
function rateAllEvents(
  input: ValidatedInput,
  params: EloProvisionalParams,
  work: Float64Array,
  sums: Float64Array,
  rows: ChangeRows,
  out: GameResultColumns | null,
): void {
  const { white, black, score } = input.events.games;
  const { provisionalGames, scaleKAgainstProvisional } = params;
  const round = params.rounding !== 'none';
  const orders = playOrders(input);
  for (let e = 0; e < input.eventCount; e++) {
    const start = input.events.gameOffsets[e];
    const end = input.events.gameOffsets[e + 1];
    const order = orders[e];
    rows.startEvent(e, end - start);
    const { expected, score: scored, games: counted, change, opponentRatingSum: opponents, k: kOfRow } = rows; // locals: see impl/workspace
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
      const rw = ratedW === ratedW ? ratedW : ELO_PROVISIONAL_START_RATING; // NaN: unrated
      const rb = ratedB === ratedB ? ratedB : ELO_PROVISIONAL_START_RATING;
      const gamesW = work[atW + GAMES];
      const gamesB = work[atB + GAMES];
      const ew = logisticExpectedScore(rw - rb);
      // The two sides inline (not one function called twice): this loop is the engine's whole cost.
      let nw: number;
      if (gamesW < provisionalGames) {
        const sum = (sums[atW + OPPONENT_RATING_SUM] += rb);
        const balance = (sums[atW + WINS_MINUS_LOSSES] += 2 * s - 1); // win +1, draw 0, loss −1
        const performance = (sum + PROVISIONAL_SPREAD * balance) / (gamesW + 1);
        nw = round ? roundHalfAwayFromZero(performance) : performance;
        kOfRow[rowW] = NaN;
      } else {
        // K × n / N with one division: the K of a fraction is then the double nearest its exact value (1.2, not 1.2000000000000002).
        const kw =
          scaleKAgainstProvisional && gamesB < provisionalGames
            ? (eloProvisionalK(rw) * gamesB) / provisionalGames
            : eloProvisionalK(rw);
        const exact = kw * (s - ew);
        nw = rw + (round ? roundHalfAwayFromZero(exact) : exact);
        kOfRow[rowW] = kw;
      }
      let nb: number;
      if (gamesB < provisionalGames) {
        const sum = (sums[atB + OPPONENT_RATING_SUM] += rw);
        const balance = (sums[atB + WINS_MINUS_LOSSES] += 2 * (1 - s) - 1);
        const performance = (sum + PROVISIONAL_SPREAD * balance) / (gamesB + 1);
        nb = round ? roundHalfAwayFromZero(performance) : performance;
        kOfRow[rowB] = NaN;
      } else {
        const kb =
          scaleKAgainstProvisional && gamesW < provisionalGames
            ? (eloProvisionalK(rb) * gamesW) / provisionalGames
            : eloProvisionalK(rb);
        const exact = kb * (1 - s - (1 - ew));
        nb = rb + (round ? roundHalfAwayFromZero(exact) : exact);
        kOfRow[rowB] = kb;
      }
      if (nw < ELO_RATING_FLOOR) nw = ELO_RATING_FLOOR;
      if (nb < ELO_RATING_FLOOR) nb = ELO_RATING_FLOOR;
      work[atW + RATING] = nw;
      work[atB + RATING] = nb;
      work[atW + GAMES] = gamesW + 1;
      work[atB + GAMES] = gamesB + 1;
      opponents[rowW] += rb;
      scored[rowW] += s;
      expected[rowW] += ew;
      change[rowW] += nw - rw;
      counted[rowW]++;
      opponents[rowB] += rw;
      scored[rowB] += 1 - s;
      expected[rowB] += 1 - ew;
      change[rowB] += nb - rb;
      counted[rowB]++;
      if (out !== null) {
        out.whiteRating[g] = rw;
        out.blackRating[g] = rb;
        out.whiteExpected[g] = ew;
        out.blackExpected[g] = 1 - ew;
        out.whiteChange[g] = nw - rw;
        out.blackChange[g] = nb - rb;
      }
    }
    const { player, ratingAfter } = rows;
    for (let row = rows.first, last = rows.count; row < last; row++) {
      ratingAfter[row] = work[player[row] * STRIDE + RATING];
      rows.performance[row] = performanceFromSums(opponents[row], scored[row], counted[row], 'linear');
    }
  }
}

/**
 * Each player's K is that of his last game, so of his last row (rows are in event order): the rows are
 * read in order and players.k written at random (stores do not wait; loads of rows.k by player would).
 */
function lastKs(players: WorkingPlayers, rows: ChangeRows): void {
  for (let row = 0; row < rows.count; row++) players.k[rows.player[row]] = rows.k[row];
}

/** Every player's state after the run; those who played (a row) get their provisional sums as carry. */
function closePlayers(
  players: WorkingPlayers,
  params: EloProvisionalParams,
  work: Float64Array,
  sums: Float64Array,
  rows: ChangeRows,
): void {
  const { rating, games, carry } = players;
  for (let p = 0; p < rating.length; p++) {
    rating[p] = work[p * STRIDE + RATING];
    games[p] = work[p * STRIDE + GAMES];
    const rated = rating[p] === rating[p];
    players.listed[p] = rated ? 1 : 0;
    players.provisional[p] = rated && games[p] < params.provisionalGames ? 1 : 0;
    if (rows.rowOf[p] < 0) continue;
    carry[p] = players.provisional[p]
      ? {
          opponentRatingSum: sums[p * STRIDE + OPPONENT_RATING_SUM],
          winsMinusLosses: sums[p * STRIDE + WINS_MINUS_LOSSES],
        }
      : null;
  }
}
