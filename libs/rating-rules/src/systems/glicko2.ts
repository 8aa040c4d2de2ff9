import { assertRating, MAX_RATING } from '../checks';
import { fail } from '../errors';
import { assembleResult, ChangeRows, copyPlayers, createGameResults, type WorkingPlayers } from '../impl/workspace';
import { performanceFromSums } from '../performance';
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
const GLICKO2_SCALE = 173.7178;
/** Glickman step 2: ratings are centred on 1500. */
const GLICKO2_CENTRE = 1500;
/**
 * Ratings are ≥ 0 everywhere on the platform (an output is the next run's input), so a rating that
 * would fall below 0 stops there, as lila's Glicko clamps its ratings (`Glicko.minRating`, 400 there).
 */
const GLICKO2_RATING_FLOOR = 0;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export { GLICKO2_SCALE, GLICKO2_CENTRE, GLICKO2_RATING_FLOOR };

/**
 * [DECISION] this library: τ from 0.1 to 10. Glickman calls 0.3 … 1.2 reasonable; within these bounds the
 * volatility iteration ends and keeps σ > 0 (tested), beyond them it may not: a τ near 0 never leaves its
 * bracketing loop, a huge one drives σ to 0, which the next run refuses.
 */
const GLICKO2_TAU = { min: 0.1, max: 10 } as const;
/**
 * [DECISION] this library: ε from 1e-10 to 0.01. A smaller ε asks for more than the spacing of doubles
 * around ln σ² gives (1e-16 never ends); a larger one moves published ratings by whole points.
 */
const GLICKO2_CONVERGENCE = { min: 1e-10, max: 0.01 } as const;
/** [DECISION] this library: a volatility above 1 (Glickman's example starts at 0.06) is a typing error. */
const GLICKO2_MAX_VOLATILITY = 1;
export { GLICKO2_TAU, GLICKO2_CONVERGENCE, GLICKO2_MAX_VOLATILITY };

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'tau',
    type: 'number',
    default: 0.5,
    min: GLICKO2_TAU.min,
    max: GLICKO2_TAU.max,
    description: 'System constant τ: how much volatility may change (0.3 … 1.2 reasonable).',
    source: 'Glickman, Example of the Glicko-2 system, step 1 (the example uses τ = 0.5)',
  },
  {
    key: 'initialRating',
    type: 'number',
    default: 1500,
    min: 0,
    max: MAX_RATING,
    description: 'Rating of an unrated player.',
    source: 'Glickman step 1: "a rating of 1500"',
  },
  {
    key: 'initialRd',
    type: 'number',
    default: 350,
    min: 0,
    exclusiveMin: true,
    max: MAX_RATING,
    description: 'Rating deviation of an unrated player.',
    source: 'Glickman step 1: "RD of 350"',
  },
  {
    key: 'initialVolatility',
    type: 'number',
    default: 0.06,
    min: 0,
    exclusiveMin: true,
    max: GLICKO2_MAX_VOLATILITY,
    description: 'Volatility of an unrated player.',
    source: 'Glickman step 1: "σ = 0.06"',
  },
  {
    key: 'maxRd',
    type: 'number',
    default: 350,
    min: 0,
    exclusiveMin: true,
    max: MAX_RATING,
    description: 'A player without games never has an RD above this (that of a new player).',
    source: 'Glickman, The Glicko system (Glicko-1): RD = min(√(RD² + c²t), 350)',
  },
  {
    key: 'provisionalRd',
    type: 'number',
    default: 110,
    min: 0,
    max: MAX_RATING,
    description: 'A rating is provisional (~) while its RD is above this.',
    source: 'rating rules §5 (the online convention: lichess shows "?" above RD 110)',
  },
  {
    key: 'convergence',
    type: 'number',
    default: 0.000001,
    min: GLICKO2_CONVERGENCE.min,
    max: GLICKO2_CONVERGENCE.max,
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
export function glicko2Volatility(
  phi: number,
  sigma: number,
  v: number,
  delta: number,
  tau: number,
  convergence: number,
): number {
  const phi2 = phi * phi;
  const a = Math.log(sigma * sigma);
  const tau2 = tau * tau;
  const phi2PlusV = phi2 + v;
  const excess = delta * delta - phi2 - v; // Δ² − φ² − v
  let lower = a;
  let upper: number;
  if (delta * delta > phi2PlusV) upper = Math.log(excess);
  else {
    let k = 1;
    while (volatilityObjective(a - k * tau, a, excess, phi2PlusV, tau2) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = volatilityObjective(lower, a, excess, phi2PlusV, tau2);
  let fUpper = volatilityObjective(upper, a, excess, phi2PlusV, tau2);
  while (Math.abs(upper - lower) > convergence) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fc = volatilityObjective(c, a, excess, phi2PlusV, tau2);
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
 * Glickman step 5's f(x) = eˣ(Δ² − φ² − v − eˣ) / 2(φ² + v + eˣ)² − (x − a)/τ², with Δ² − φ² − v and
 * φ² + v computed once (the same operations in the same order; a function of its own, not a closure,
 * which V8 would allocate per player and read its variables from the heap).
 */
function volatilityObjective(x: number, a: number, excess: number, phi2PlusV: number, tau2: number): number {
  const ex = Math.exp(x);
  const d = phi2PlusV + ex;
  return (ex * (excess - ex)) / (2 * d * d) - (x - a) / tau2;
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
  performanceMethod: 'linear',
  uses: { deviation: true, birthYear: false },
  expectedScore(own, opponent, context) {
    assertRating(own, 'own');
    assertRating(opponent, 'opponent');
    const opponentRd = context?.opponentRd ?? 0;
    if (!(typeof opponentRd === 'number' && opponentRd >= 0 && opponentRd <= MAX_RATING))
      fail('INVALID_PLAYER', 'opponentRd', `must be a deviation from 0 to ${MAX_RATING}`, opponentRd);
    const phi = opponentRd / GLICKO2_SCALE;
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
 * A player's numbers for the current period, two pairs side by side (from player·STRIDE; see
 * impl/workspace): in `strength` his μ and g(φ), read by his games; in `sums` what they add up.
 * A player has joined the period when his latest change row is the period's (rows.rowOf[p] ≥ the
 * period's first row).
 */
const MU = 0;
const G_OF_PHI = 1;
const V_INVERSE = 0; // Σ g²E(1 − E); after the update, 173.7178·φ′² (turns g(s − E) into rating points)
const DELTA_SUM = 1; // Σ g(s − E)
const STRIDE = 2;

interface PeriodState {
  readonly strength: Float64Array;
  readonly sums: Float64Array;
  readonly rating: Float64Array;
  readonly rd: Float64Array;
  readonly volatility: Float64Array;
  /** The period's first change row. */
  firstRow: number;
}

/** φ on the Glicko-2 scale of a player at the period's start (a newcomer's: initialRd). */
function phiOf(state: PeriodState, params: Glicko2Params, p: number): number {
  const rated = state.rating[p] === state.rating[p];
  return (rated && state.rd[p] === state.rd[p] ? state.rd[p] : params.initialRd) / GLICKO2_SCALE;
}

/**
 * Step 2 for a player's first game of an event: opens his change row and, on his first game of the
 * period, his μ and g(φ) from the ratings at its start. Returns his row.
 */
function enter(state: PeriodState, params: Glicko2Params, rows: ChangeRows, p: number): number {
  const latest = rows.rowOf[p];
  if (latest >= rows.first) return latest;
  if (latest < state.firstRow) {
    const { strength, sums } = state;
    const at = p * STRIDE;
    const rated = state.rating[p] === state.rating[p];
    strength[at + MU] = ((rated ? state.rating[p] : params.initialRating) - GLICKO2_CENTRE) / GLICKO2_SCALE;
    strength[at + G_OF_PHI] = g(phiOf(state, params, p));
    sums[at + V_INVERSE] = 0;
    sums[at + DELTA_SUM] = 0;
    if (!rated || state.volatility[p] !== state.volatility[p]) state.volatility[p] = params.initialVolatility;
  }
  return rows.open(p, state.rating[p]); // NaN for an unrated player
}

/**
 * Steps 3–4 sums of the period's games, event after event; game rows get g(φⱼ)(s − E), scaled at the
 * period's end. One function for all the events: see impl/workspace.
 */
function ratePeriodGames(
  input: ValidatedInput,
  firstEvent: number,
  endEvent: number,
  params: Glicko2Params,
  state: PeriodState,
  rows: ChangeRows,
  out: GameResultColumns | null,
): void {
  const { white, black, score } = input.events.games;
  const { strength, sums } = state;
  for (let e = firstEvent; e < endEvent; e++) {
    const start = input.events.gameOffsets[e];
    const end = input.events.gameOffsets[e + 1];
    rows.startEvent(e, end - start);
    const { expected, score: scored, games, change, opponentRatingSum: opponents } = rows; // locals: see impl/workspace
    for (let i = start; i < end; i++) {
      const w = white[i];
      const b = black[i];
      const s = score[i];
      const rowW = enter(state, params, rows, w);
      const rowB = enter(state, params, rows, b);
      const atW = w * STRIDE;
      const atB = b * STRIDE;
      const muW = strength[atW + MU];
      const muB = strength[atB + MU];
      const gW = strength[atW + G_OF_PHI];
      const gB = strength[atB + G_OF_PHI];
      const ew = 1 / (1 + Math.exp(-gB * (muW - muB)));
      const eb = 1 / (1 + Math.exp(-gW * (muB - muW)));
      sums[atW + V_INVERSE] += gB * gB * ew * (1 - ew);
      sums[atB + V_INVERSE] += gW * gW * eb * (1 - eb);
      const termW = gB * (s - ew);
      const termB = gW * (1 - s - eb);
      sums[atW + DELTA_SUM] += termW;
      sums[atB + DELTA_SUM] += termB;
      const ratingW = GLICKO2_CENTRE + GLICKO2_SCALE * muW;
      const ratingB = GLICKO2_CENTRE + GLICKO2_SCALE * muB;
      opponents[rowW] += ratingB;
      scored[rowW] += s;
      expected[rowW] += ew;
      change[rowW] += termW;
      games[rowW]++;
      opponents[rowB] += ratingW;
      scored[rowB] += 1 - s;
      expected[rowB] += eb;
      change[rowB] += termB;
      games[rowB]++;
      if (out !== null) {
        out.whiteRating[i] = ratingW;
        out.blackRating[i] = ratingB;
        out.whiteExpected[i] = ew;
        out.blackExpected[i] = eb;
        out.whiteChange[i] = termW; // scaled by the player's factor at the period's end
        out.blackChange[i] = termB;
      }
    }
  }
}

/** One long loop per function (see impl/workspace). */
function rateGlicko2(input: ValidatedInput, params: Glicko2Params): ColumnarRatingResult {
  const players = copyPlayers(input, { rd: true, volatility: true });
  const out = createGameResults(input);
  const rows = new ChangeRows(input);
  const { rating, rd, volatility } = players;
  const n = input.playerCount;
  const state: PeriodState = {
    strength: new Float64Array(n * STRIDE),
    sums: new Float64Array(n * STRIDE),
    rating,
    rd,
    volatility,
    firstRow: 0,
  };
  for (let period = 0; period + 1 < input.periodStarts.length; period++) {
    const firstEvent = input.periodStarts[period];
    const endEvent = input.periodStarts[period + 1];
    state.firstRow = rows.count;
    ratePeriodGames(input, firstEvent, endEvent, params, state, rows, out);
    ratePeriodPlayers(params, state, rows);
    closePeriodRows(state, rows);
    if (out !== null) gameChanges(input, firstEvent, endEvent, state, out);
  }
  for (let row = 0; row < rows.count; row++) players.games[rows.player[row]] += rows.games[row];
  closePlayers(players, params);
  return assembleResult(glicko2.id, params, input, players, rows, out);
}

/**
 * The period's end, in player order (each player's update is his own; this order reads the columns
 * sequentially): steps 3–8 for the players with games (a row in the period), step 6 alone for the others.
 */
function ratePeriodPlayers(params: Glicko2Params, state: PeriodState, rows: ChangeRows): void {
  const { strength, sums, rating, rd, volatility } = state;
  const maxPhi = params.maxRd / GLICKO2_SCALE;
  for (let p = 0; p < rating.length; p++) {
    if (rows.rowOf[p] >= state.firstRow) {
      const at = p * STRIDE;
      const phi = phiOf(state, params, p);
      const vInverse = sums[at + V_INVERSE];
      const deltaSum = sums[at + DELTA_SUM];
      const v = 1 / vInverse;
      const sigma = glicko2Volatility(phi, volatility[p], v, v * deltaSum, params.tau, params.convergence);
      const phiStar2 = phi * phi + sigma * sigma;
      const phiNew2 = 1 / (1 / phiStar2 + vInverse);
      rating[p] = Math.max(
        GLICKO2_RATING_FLOOR,
        GLICKO2_CENTRE + GLICKO2_SCALE * (strength[at + MU] + phiNew2 * deltaSum),
      );
      rd[p] = GLICKO2_SCALE * Math.sqrt(phiNew2);
      volatility[p] = sigma;
      sums[at + V_INVERSE] = GLICKO2_SCALE * phiNew2; // the factor of this period's game terms
    } else if (rating[p] === rating[p]) {
      const phiNow = (rd[p] === rd[p] ? rd[p] : params.initialRd) / GLICKO2_SCALE;
      const sigma = volatility[p] === volatility[p] ? volatility[p] : params.initialVolatility;
      rd[p] = GLICKO2_SCALE * Math.min(maxPhi, Math.sqrt(phiNow * phiNow + sigma * sigma));
      volatility[p] = sigma;
    }
  }
}

/** The period's rows: each game term times the player's factor, the rating after, the performance. */
function closePeriodRows(state: PeriodState, rows: ChangeRows): void {
  const { sums, rating } = state;
  const { player, change, ratingAfter, k, opponentRatingSum, performance, score, games } = rows; // locals: see impl/workspace
  for (let row = state.firstRow; row < rows.count; row++) {
    const p = player[row];
    change[row] *= sums[p * STRIDE + V_INVERSE]; // the player's factor, see V_INVERSE
    ratingAfter[row] = rating[p];
    k[row] = NaN;
    performance[row] = performanceFromSums(opponentRatingSum[row], score[row], games[row], 'linear');
  }
}

function gameChanges(
  input: ValidatedInput,
  firstEvent: number,
  endEvent: number,
  state: PeriodState,
  out: GameResultColumns,
): void {
  const { sums } = state;
  const { white, black } = input.events.games;
  for (let i = input.events.gameOffsets[firstEvent], end = input.events.gameOffsets[endEvent]; i < end; i++) {
    out.whiteChange[i] *= sums[white[i] * STRIDE + V_INVERSE];
    out.blackChange[i] *= sums[black[i] * STRIDE + V_INVERSE];
  }
}

function closePlayers(players: WorkingPlayers, params: Glicko2Params): void {
  const { rating, rd } = players;
  for (let p = 0; p < rating.length; p++) {
    const rated = rating[p] === rating[p];
    players.listed[p] = rated ? 1 : 0;
    players.provisional[p] = rated && rd[p] > params.provisionalRd ? 1 : 0;
  }
}
