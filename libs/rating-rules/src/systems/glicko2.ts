import { assertRating } from '../checks';
import {
  assembleResult,
  ChangeRowTable,
  copyPlayers,
  createGameResults,
  EventRows,
  initialRowCapacity,
  maxPlayersPerEvent,
} from '../impl/workspace';
import { defaultsOf, type ParameterDescriptor } from '../parameters';
import type { ColumnarRatingResult, GameResultColumns, RatingSystem, ValidatedInput } from '../types';

export type Glicko2Params = {
  readonly tau: number;
  readonly initialRating: number;
  readonly initialRd: number;
  readonly initialVolatility: number;
  readonly maxRd: number;
  readonly provisionalRd: number;
  readonly convergence: number;
};

/** Glickman, "Example of the Glicko-2 system", step 2: the Glicko-2 scale is 173.7178 (= 400/ln 10). */
export const GLICKO2_SCALE = 173.7178;
/** Glickman step 2: ratings are centred on 1500. */
export const GLICKO2_CENTRE = 1500;
/**
 * Ratings are ≥ 0 everywhere on the platform (an output is the next run's input), so a rating that
 * would fall below 0 stops there, as lila's Glicko clamps its ratings (`Glicko.minRating`, 400 there).
 */
export const GLICKO2_RATING_FLOOR = 0;

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'tau',
    type: 'number',
    default: 0.5,
    min: 0,
    exclusiveMin: true,
    description: 'System constant τ: how much volatility may change (0.3 … 1.2 reasonable).',
    source: 'Glickman, Example of the Glicko-2 system, step 1 (the example uses τ = 0.5)',
  },
  {
    key: 'initialRating',
    type: 'number',
    default: 1500,
    min: 0,
    description: 'Rating of an unrated player.',
    source: 'Glickman step 1: "a rating of 1500"',
  },
  {
    key: 'initialRd',
    type: 'number',
    default: 350,
    min: 0,
    exclusiveMin: true,
    description: 'Rating deviation of an unrated player.',
    source: 'Glickman step 1: "RD of 350"',
  },
  {
    key: 'initialVolatility',
    type: 'number',
    default: 0.06,
    min: 0,
    exclusiveMin: true,
    description: 'Volatility of an unrated player.',
    source: 'Glickman step 1: "σ = 0.06"',
  },
  {
    key: 'maxRd',
    type: 'number',
    default: 350,
    min: 0,
    exclusiveMin: true,
    description: 'A player without games never has an RD above this (that of a new player).',
    source: 'Glickman, The Glicko system (Glicko-1): RD = min(√(RD² + c²t), 350)',
  },
  {
    key: 'provisionalRd',
    type: 'number',
    default: 110,
    min: 0,
    description: 'A rating is provisional (~) while its RD is above this.',
    source: 'spec §5 (the online convention: lichess shows "?" above RD 110)',
  },
  {
    key: 'convergence',
    type: 'number',
    default: 0.000001,
    min: 0,
    exclusiveMin: true,
    description: 'Convergence tolerance ε of the volatility iteration.',
    source: 'Glickman step 5 (ε = 0.000001)',
  },
];

const defaults = defaultsOf<Glicko2Params>(parameters);

/** g(φ) = 1/√(1 + 3φ²/π²) (Glickman step 3). */
function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/**
 * Glickman step 5: the new volatility σ′ by the Illinois algorithm, from the period's
 * v = 1/Σ g²E(1 − E) and Δ = v·Σ g(s − E).
 */
export function glicko2Volatility(phi: number, sigma: number, v: number, delta: number, tau: number, convergence: number): number {
  const phi2 = phi * phi;
  const a = Math.log(sigma * sigma);
  const tau2 = tau * tau;
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta * delta - phi2 - v - ex)) / (2 * d * d) - (x - a) / tau2;
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi2 + v) upper = Math.log(delta * delta - phi2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > convergence) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fc = f(c);
    if (fc * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else fLower /= 2;
    upper = c;
    fUpper = fc;
  }
  return Math.exp(lower / 2);
}

/**
 * `glicko2`: Glickman's Glicko-2, one rating period per list period (consecutive events with the same
 * period), all games rated from the ratings at the period's start. Players without games only see
 * their RD grow: φ′ = √(φ² + σ²), at most maxRd. Carry: none (null).
 *
 * Change attribution: the period's change is μ′ − μ = φ′²·Σ g(φⱼ)(sⱼ − Eⱼ), a sum over games, so each
 * game's part is 173.7178·φ′²·g(φⱼ)(sⱼ − Eⱼ) and each event's change row sums its games' parts: the
 * rows of a period add up exactly (to rounding of doubles) to the period's change.
 */
export const glicko2: RatingSystem<Glicko2Params> = {
  id: 'glicko2',
  name: 'Glicko-2',
  nameFr: 'Glicko-2',
  description: "Glickman's Glicko-2 (rating, deviation, volatility) per rating period; provisional while RD > 110.",
  parameters,
  defaults,
  ratingUnit: 'period',
  expectedScore(own, opponent, context) {
    assertRating(own, 'own');
    assertRating(opponent, 'opponent');
    const phi = (context?.opponentRd ?? 0) / GLICKO2_SCALE;
    return 1 / (1 + Math.exp((-g(phi) * (own - opponent)) / GLICKO2_SCALE));
  },
  isProvisional(state, params) {
    const provisionalRd = params?.provisionalRd ?? defaults.provisionalRd;
    const initialRd = params?.initialRd ?? defaults.initialRd;
    return state.rating !== null && (state.rd ?? initialRd) > provisionalRd;
  },
  rate: rateGlicko2,
};

/**
 * A player's numbers for the current period, kept in EventRows.work beside the event bookkeeping so
 * that a game touches one cache line per player: offsets from sums.extraAt(p).
 */
const PERIOD = 0; // 1 + the period the numbers below belong to
const MU = 1;
const G_OF_PHI = 2;
const V_INVERSE = 3; // Σ g²E(1 − E); after the update, 173.7178·φ′² (turns g(s − E) into rating points)
const DELTA_SUM = 4; // Σ g(s − E)
const RATING_BEFORE = 5; // NaN for an unrated player
const EXTRA_NUMBERS = 6;

interface PeriodState {
  readonly sums: EventRows;
  readonly rating: Float64Array;
  readonly rd: Float64Array;
  readonly volatility: Float64Array;
  /** The players of the period, in order of first game. */
  readonly members: Int32Array;
  memberCount: number;
  periodTag: number;
}

/** φ on the Glicko-2 scale of a player at the period's start (a newcomer's: initialRd). */
function phiOf(state: PeriodState, params: Glicko2Params, p: number): number {
  const rated = state.rating[p] === state.rating[p];
  return (rated && state.rd[p] === state.rd[p] ? state.rd[p] : params.initialRd) / GLICKO2_SCALE;
}

/** Step 2 for a player's first game of the period: his μ, g(φ) from the ratings at its start. */
function join(state: PeriodState, params: Glicko2Params, p: number): number {
  const { work } = state.sums;
  const at = state.sums.extraAt(p);
  if (work[at + PERIOD] === state.periodTag) return at;
  const rated = state.rating[p] === state.rating[p];
  work[at + PERIOD] = state.periodTag;
  work[at + MU] = ((rated ? state.rating[p] : params.initialRating) - GLICKO2_CENTRE) / GLICKO2_SCALE;
  work[at + G_OF_PHI] = g(phiOf(state, params, p));
  work[at + V_INVERSE] = 0;
  work[at + DELTA_SUM] = 0;
  work[at + RATING_BEFORE] = state.rating[p];
  if (!rated || state.volatility[p] !== state.volatility[p]) state.volatility[p] = params.initialVolatility;
  state.members[state.memberCount++] = p;
  return at;
}

/** Steps 3–4 sums of one event's games; game rows get g(φⱼ)(s − E), scaled at the period's end. */
function rateEventGames(input: ValidatedInput, e: number, params: Glicko2Params, state: PeriodState, out: GameResultColumns): void {
  const { white, black, score } = input.events.games;
  const { sums } = state;
  const { work } = sums;
  const keepGames = input.options.gameRows;
  for (let i = input.events.gameOffsets[e], end = input.events.gameOffsets[e + 1]; i < end; i++) {
    const w = white[i];
    const b = black[i];
    const s = score[i];
    const atW = join(state, params, w);
    const atB = join(state, params, b);
    const muW = work[atW + MU];
    const muB = work[atB + MU];
    const gW = work[atW + G_OF_PHI];
    const gB = work[atB + G_OF_PHI];
    const ew = 1 / (1 + Math.exp(-gB * (muW - muB)));
    const eb = 1 / (1 + Math.exp(-gW * (muB - muW)));
    work[atW + V_INVERSE] += gB * gB * ew * (1 - ew);
    work[atB + V_INVERSE] += gW * gW * eb * (1 - eb);
    const termW = gB * (s - ew);
    const termB = gW * (1 - s - eb);
    work[atW + DELTA_SUM] += termW;
    work[atB + DELTA_SUM] += termB;
    const ratingW = GLICKO2_CENTRE + GLICKO2_SCALE * muW;
    const ratingB = GLICKO2_CENTRE + GLICKO2_SCALE * muB;
    sums.add(sums.enter(w, work[atW + RATING_BEFORE]), ratingB, s, ew, termW);
    sums.add(sums.enter(b, work[atB + RATING_BEFORE]), ratingW, 1 - s, eb, termB);
    if (keepGames) {
      out.whiteRating[i] = ratingW;
      out.blackRating[i] = ratingB;
      out.whiteExpected[i] = ew;
      out.blackExpected[i] = eb;
      out.whiteChange[i] = termW; // scaled by the player's factor at the period's end
      out.blackChange[i] = termB;
    }
  }
}

function rateGlicko2(input: ValidatedInput, params: Glicko2Params): ColumnarRatingResult {
  const players = copyPlayers(input);
  const out = createGameResults(input);
  const rows = new ChangeRowTable(initialRowCapacity(input));
  const sums = new EventRows(input.playerCount, maxPlayersPerEvent(input), rows, EXTRA_NUMBERS);
  const n = input.playerCount;
  const { rating, rd, volatility, games: played } = players;
  const { white, black } = input.events.games;
  const keepGames = input.options.gameRows;
  const { work } = sums;
  const state: PeriodState = { sums, rating, rd, volatility, members: new Int32Array(n), memberCount: 0, periodTag: 0 };
  const maxPhi = params.maxRd / GLICKO2_SCALE;
  const factorOf = (p: number) => work[sums.extraAt(p) + V_INVERSE];

  for (let period = 0; period + 1 < input.periodStarts.length; period++) {
    const firstEvent = input.periodStarts[period];
    const endEvent = input.periodStarts[period + 1];
    const firstRow = rows.count;
    state.periodTag = period + 1;
    state.memberCount = 0;
    for (let e = firstEvent; e < endEvent; e++) {
      sums.start(e);
      rateEventGames(input, e, params, state, out);
      sums.finish();
    }
    // Steps 3–8 for every player of the period.
    for (let i = 0; i < state.memberCount; i++) {
      const p = state.members[i];
      const at = sums.extraAt(p);
      const phi = phiOf(state, params, p);
      const vInverse = work[at + V_INVERSE];
      const deltaSum = work[at + DELTA_SUM];
      const v = 1 / vInverse;
      const sigma = glicko2Volatility(phi, volatility[p], v, v * deltaSum, params.tau, params.convergence);
      const phiStar2 = phi * phi + sigma * sigma;
      const phiNew2 = 1 / (1 / phiStar2 + vInverse);
      rating[p] = Math.max(GLICKO2_RATING_FLOOR, GLICKO2_CENTRE + GLICKO2_SCALE * (work[at + MU] + phiNew2 * deltaSum));
      rd[p] = GLICKO2_SCALE * Math.sqrt(phiNew2);
      volatility[p] = sigma;
      work[at + V_INVERSE] = GLICKO2_SCALE * phiNew2; // the factor of this period's game terms
    }
    // Step 6 alone for rated players without games.
    for (let p = 0; p < n; p++) {
      if (work[sums.extraAt(p) + PERIOD] === state.periodTag || rating[p] !== rating[p]) continue;
      const phiNow = (rd[p] === rd[p] ? rd[p] : params.initialRd) / GLICKO2_SCALE;
      const sigma = volatility[p] === volatility[p] ? volatility[p] : params.initialVolatility;
      rd[p] = GLICKO2_SCALE * Math.min(maxPhi, Math.sqrt(phiNow * phiNow + sigma * sigma));
      volatility[p] = sigma;
    }
    for (let row = firstRow; row < rows.count; row++) {
      const p = rows.player[row];
      rows.change[row] *= factorOf(p);
      rows.ratingAfter[row] = rating[p];
    }
    if (keepGames) {
      for (let i = input.events.gameOffsets[firstEvent], end = input.events.gameOffsets[endEvent]; i < end; i++) {
        out.whiteChange[i] *= factorOf(white[i]);
        out.blackChange[i] *= factorOf(black[i]);
      }
    }
  }
  for (let row = 0; row < rows.count; row++) played[rows.player[row]] += rows.games[row];
  for (let p = 0; p < n; p++) {
    const rated = rating[p] === rating[p];
    players.listed[p] = rated ? 1 : 0;
    players.provisional[p] = rated && rd[p] > params.provisionalRd ? 1 : 0;
  }
  return assembleResult(glicko2.id, params, input, players, rows, out);
}
