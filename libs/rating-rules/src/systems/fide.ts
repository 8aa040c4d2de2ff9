import { assertRating } from '../checks';
import { monthKey, parseIsoDate, parseMonthKey } from '../dates';
import { fail } from '../errors';
import { capDifference } from '../expectation';
import { fideRatingDifference, fideScoringPercent } from '../fide-tables';
import { assembleResult, ChangeRows, copyPlayers, createGameResults, type WorkingPlayers } from '../impl/workspace';
import { defaultsOf, type ParameterDescriptor } from '../parameters';
import { percentScore, performanceFromSums } from '../performance';
import { roundHalfAwayFromZero, roundingFunction, type RoundingMode } from '../rounding';
import type { ColumnarRatingResult, GameResultColumns, RatingCarry, RatingSystem, ValidatedInput } from '../types';
import { carryNumber, roundingParameter } from './common';

export type FideParams = {
  readonly newPlayerGames: number;
  readonly pRounding: 'half-up' | 'half-down';
  readonly rounding: RoundingMode;
};

/** A dated version of FIDE B.02's 400-point rule (§8.3.1). */
export interface FideRegulation {
  readonly effectiveFrom: string;
  /** Players rated at least this are not capped (null: the rule applies to everyone). */
  readonly capExemptRating: number | null;
  readonly source: string;
}

/** The rules this system knows, oldest first; a period is rated by the last one in force at its events' dates. */
export const FIDE_REGULATIONS: readonly FideRegulation[] = Object.freeze([
  Object.freeze({
    effectiveFrom: '2024-03-01',
    capExemptRating: null,
    source: 'FIDE B.02 (effective 1 March 2024) §8.3.1: a difference above 400 counts as 400, for everyone',
  }),
  Object.freeze({
    effectiveFrom: '2025-10-01',
    capExemptRating: 2650,
    source: 'FIDE B.02 §8.3.1 as amended from 1 October 2025: not for players rated 2650 and above',
  }),
]);

/** B.02 §8.3.3: K = 40 for a player new to the list until he has completed events with at least 30 games. */
const FIDE_K_NEW_PLAYER = 40;
/** B.02 §8.3.3: K = 40 until the end of the year of the 18th birthday, as long as the rating is under 2300. */
const FIDE_K_JUNIOR = 40;
const FIDE_JUNIOR_LAST_AGE = 18;
const FIDE_JUNIOR_RATING_LIMIT = 2300;
/** B.02 §8.3.3: K = 20 as long as the rating remains under 2400. */
const FIDE_K_STANDARD = 20;
/** B.02 §8.3.3: K = 10 once a published rating has reached 2400, even if it later drops below. */
const FIDE_K_ELITE = 10;
const FIDE_ELITE_RATING = 2400;
/** B.02 §8.3.3: if K × games in the period exceeds 700, K is the largest whole number with K × n ≤ 700. */
const FIDE_MAX_K_TIMES_GAMES = 700;
/** B.02 §8.2 (2024): an unrated player's results are joined by two hypothetical 1800-rated opponents, both draws. */
const FIDE_HYPOTHETICAL_OPPONENT_RATING = 1800;
const FIDE_HYPOTHETICAL_OPPONENTS = 2;
/** B.02 §8.2: an initial rating is at most 2200. */
const FIDE_INITIAL_RATING_CAP = 2200;
/** B.02 §8.2: published only after at least 5 games against rated opponents. */
const FIDE_MIN_INITIAL_GAMES = 5;
/**
 * B.02 §7.2.1: a player whose rating falls below 1400 is removed from the list and is unrated from then on
 * (his later games count towards a new initial rating only); an initial rating below it is not published.
 */
const FIDE_LISTING_THRESHOLD = 1400;
/** B.02 §8.2: results are pooled over consecutive rating periods of at most 26 months. */
const FIDE_POOL_MONTHS = 26;
// Declared, then exported: module constants in the engines' loops (see impl/workspace).
export {
  FIDE_K_NEW_PLAYER,
  FIDE_K_JUNIOR,
  FIDE_JUNIOR_LAST_AGE,
  FIDE_JUNIOR_RATING_LIMIT,
  FIDE_K_STANDARD,
  FIDE_K_ELITE,
  FIDE_ELITE_RATING,
  FIDE_MAX_K_TIMES_GAMES,
  FIDE_HYPOTHETICAL_OPPONENT_RATING,
  FIDE_HYPOTHETICAL_OPPONENTS,
  FIDE_INITIAL_RATING_CAP,
  FIDE_MIN_INITIAL_GAMES,
  FIDE_LISTING_THRESHOLD,
  FIDE_POOL_MONTHS,
};
/** Ratings never go negative (inputs are ≥ 0); FIDE's own floor is the listing threshold above. */
const RATING_FLOOR = 0;

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'newPlayerGames',
    type: 'integer',
    default: 30,
    min: 0,
    description: 'K is 40 while fewer games than this were completed before the period.',
    source:
      '[DECISION] rating rules §4: B.02 §8.3.3 "until he has completed events with at least 30 games" read as fewer than 30 completed before',
  },
  {
    key: 'pRounding',
    type: 'enum',
    values: ['half-up', 'half-down'],
    default: 'half-up',
    description:
      'How an initial rating’s p = (W + 1)/(n + 2) is rounded to hundredths before table 8.1.1 (exact fractions).',
    source:
      '[DECISION] rating rules §4, by analogy with the Title Regulations ("0.5% is rounded up"); vector fide-initial-p-rounding-tie',
  },
  roundingParameter('the period’s change (once per period) and initial ratings'),
];

const defaults = defaultsOf<FideParams>(parameters);

/** The regulation in force on `date` (ISO); INVALID_DATE before the first one this system knows. */
export function fideRegulationFor(date: string, field = 'date'): FideRegulation {
  parseIsoDate(date, field);
  let found: FideRegulation | undefined;
  for (const regulation of FIDE_REGULATIONS) if (regulation.effectiveFrom <= date) found = regulation;
  if (!found)
    fail(
      'INVALID_DATE',
      field,
      `the fide system rates from ${FIDE_REGULATIONS[0].effectiveFrom} (FIDE B.02 2024) on`,
      date,
    );
  return found;
}

/** PD of `own` against `opponent` in hundredths under `regulation` (the 400-point rule, 2650 exemption). */
export function fidePercent(own: number, opponent: number, regulation: FideRegulation): number {
  const difference = own - opponent;
  if (own >= (regulation.capExemptRating ?? Infinity)) return fideScoringPercent(difference);
  // (D | 0) === D: a whole number (false for fractions and NaN), as every rounded rating difference is.
  if ((difference | 0) === difference && difference >= -TABULATED_DIFFERENCE && difference <= TABULATED_DIFFERENCE) {
    return CAPPED_PERCENT_BY_WHOLE_DIFFERENCE[difference + TABULATED_DIFFERENCE];
  }
  return fideScoringPercent(capDifference(difference));
}

/** Whole differences the table below covers, ±this (any wider difference goes through capDifference). */
const TABULATED_DIFFERENCE = 4096;

/**
 * PD with the 400-point rule (fideScoringPercent(capDifference(D))) of every whole difference
 * −4096 … 4096, at index D + 4096: the engine's games read one byte instead of clamping, rounding up
 * and branching on the sign (8 KB).
 */
const CAPPED_PERCENT_BY_WHOLE_DIFFERENCE: Uint8Array = Uint8Array.from(
  { length: 2 * TABULATED_DIFFERENCE + 1 },
  (_, i) => fideScoringPercent(capDifference(i - TABULATED_DIFFERENCE)),
);

export interface FideKInput {
  /** Rated games completed before the period. */
  readonly games: number;
  readonly rating: number;
  readonly birthYear: number | null;
  /** Year of the rating period. */
  readonly year: number;
  readonly everReached2400: boolean;
}

/** B.02 §8.3.3 K before the 700 rule. */
export function fideKFactor(player: FideKInput, newPlayerGames: number = defaults.newPlayerGames): number {
  if (player.games < newPlayerGames) return FIDE_K_NEW_PLAYER;
  const junior = player.birthYear !== null && player.year <= player.birthYear + FIDE_JUNIOR_LAST_AGE;
  if (junior && player.rating < FIDE_JUNIOR_RATING_LIMIT) return FIDE_K_JUNIOR;
  if (player.everReached2400 || player.rating >= FIDE_ELITE_RATING) return FIDE_K_ELITE;
  return FIDE_K_STANDARD;
}

/** B.02 §8.3.3: the largest whole K with K × games ≤ 700. */
export function capKForGames(k: number, games: number): number {
  return k * games > FIDE_MAX_K_TIMES_GAMES ? Math.floor(FIDE_MAX_K_TIMES_GAMES / games) : k;
}

export interface FideInitialRating {
  /** Mean of the rated opponents and the two hypothetical 1800s. */
  readonly ra: number;
  /** p rounded to hundredths. */
  readonly p: number;
  readonly dp: number;
  readonly uncapped: number;
  readonly rating: number;
  /** n ≥ 5 games against rated opponents and the rating at least 1400. */
  readonly published: boolean;
}

/** B.02 §8.2: Ru = Ra + dp(p) with two hypothetical 1800 draws, at most 2200; computed exactly. */
export function fideInitialRating(
  pooled: { readonly opponentRatingSum: number; readonly score: number; readonly games: number },
  pRounding: FideParams['pRounding'] = 'half-up',
  rounding: RoundingMode = 'half-away-from-zero',
): FideInitialRating {
  const n = pooled.games + FIDE_HYPOTHETICAL_OPPONENTS;
  const opponents = pooled.opponentRatingSum + FIDE_HYPOTHETICAL_OPPONENTS * FIDE_HYPOTHETICAL_OPPONENT_RATING;
  const percent = percentScore(
    2 * pooled.score + FIDE_HYPOTHETICAL_OPPONENTS,
    n,
    pRounding === 'half-up' ? 'up' : 'down',
  );
  const dp = fideRatingDifference(percent);
  const exact = (opponents + dp * n) / n; // one division, so a .5 stays exactly .5
  const uncapped = rounding === 'none' ? exact : roundHalfAwayFromZero(exact);
  const rating = Math.min(uncapped, FIDE_INITIAL_RATING_CAP);
  return {
    ra: opponents / n,
    p: percent / 100,
    dp,
    uncapped,
    rating,
    published: pooled.games >= FIDE_MIN_INITIAL_GAMES && rating >= FIDE_LISTING_THRESHOLD,
  };
}

/**
 * `fide`: FIDE Rating Regulations B.02 (1 March 2024, amended 1 October 2025). Every game of a period
 * is rated from the ratings at the period's start; Σ K·(S − PD) is rounded once per period; table
 * 8.1.2 in integer hundredths, so the order of games inside a period does not matter.
 *
 * Carry, while unrated: `{ firstEventSeen: boolean, pool: { month: 'YYYY-MM', games: number, score:
 * number, opponentRatingSum: number }[] }` — the games against rated opponents of each period in the
 * 26-month window (a first event with a zero score is left out); null once rated. Whether rated or not,
 * `reached2400: true` once a published rating of his has reached 2400 (K 10 for ever after, §8.3.3).
 */
export const fide: RatingSystem<FideParams> = {
  id: 'fide',
  name: 'FIDE Rating Regulations (2024)',
  nameFr: 'Règlement FIDE du classement (2024)',
  description:
    'FIDE B.02: table 8.1.2, the dated 400-point rule, K 40/20/10 with juniors and K·n ≤ 700, initial ratings, 1400 listing threshold.',
  parameters,
  defaults,
  ratingUnit: 'period',
  performanceMethod: 'fide',
  uses: { deviation: false, birthYear: true },
  ratesFrom: FIDE_REGULATIONS[0].effectiveFrom,
  expectedScore(own, opponent, context) {
    assertRating(own, 'own');
    assertRating(opponent, 'opponent');
    const regulation = context?.date ? fideRegulationFor(context.date) : FIDE_REGULATIONS[FIDE_REGULATIONS.length - 1];
    return fidePercent(own, opponent, regulation) / 100;
  },
  isProvisional: () => false,
  rate: rateFide,
};

interface PoolEntry {
  month: string;
  monthIndex: number;
  games: number;
  score: number;
  opponentRatingSum: number;
}

interface Pool {
  firstEventSeen: boolean;
  entries: PoolEntry[];
  /** The last period of the run he played in (−1: none yet), to list him once per period. */
  period: number;
}

function readPool(players: WorkingPlayers, p: number): Pool {
  const carry = players.carry[p];
  if (!carry) return { firstEventSeen: players.games[p] > 0, entries: [], period: -1 };
  const field = `players[${p}].carry`;
  if (typeof carry.firstEventSeen !== 'boolean')
    fail('INVALID_CARRY', `${field}.firstEventSeen`, 'must be a boolean', carry.firstEventSeen);
  if (!Array.isArray(carry.pool)) fail('INVALID_CARRY', `${field}.pool`, 'must be an array', carry.pool);
  const entries = carry.pool.map((raw, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      fail('INVALID_CARRY', `${field}.pool[${i}]`, 'must be an object', raw);
    const entry = raw as RatingCarry;
    const month = entry.month as string;
    return {
      month,
      monthIndex: parseMonthKey(month, `${field}.pool[${i}].month`, 'INVALID_CARRY'),
      games: carryNumber(entry, 'games', p, true),
      score: carryNumber(entry, 'score', p),
      opponentRatingSum: carryNumber(entry, 'opponentRatingSum', p),
    };
  });
  return { firstEventSeen: carry.firstEventSeen, entries, period: -1 };
}

function poolCarry(pool: Pool): RatingCarry {
  return {
    firstEventSeen: pool.firstEventSeen,
    pool: pool.entries.map(({ month, games, score, opponentRatingSum }) => ({
      month,
      games,
      score,
      opponentRatingSum,
    })),
  };
}

/** An unrated player's game against a rated opponent: it counts towards his initial rating only (no PD, no change). */
function countTowardsInitialRating(rows: ChangeRows, row: number, opponentRating: number, score: number): void {
  rows.opponentRatingSum[row] += opponentRating;
  rows.score[row] += score;
  rows.expected[row] = NaN;
  rows.change[row] = NaN;
  rows.games[row]++;
}

/**
 * Per player with games in the current period, two numbers side by side (one cache line for the
 * random accesses by row): Σ (100·S − PD) over the period and his games in it (whole numbers: their
 * sums do not depend on the order); at the period's end, his K and his new rating instead.
 */
const HUNDREDTHS = 0;
const GAMES = 1;
const K = 0;
const RATING_AFTER = 1;
const STRIDE = 2;

/** The engine's state across periods (each step of a period is a function of its own: one long loop per function, see impl/workspace). */
interface FideRun {
  readonly input: ValidatedInput;
  readonly params: FideParams;
  readonly players: WorkingPlayers;
  readonly rows: ChangeRows;
  readonly out: GameResultColumns | null;
  /** Per player: see HUNDREDTHS … RATING_AFTER. */
  readonly period: Float64Array;
  /** Unrated players' pools, read from their carries the first time they play in the run. */
  readonly pools: Map<number, Pool>;
  /** Per player, 1 once a rating of his has reached 2400 (read from and written back to the carries). */
  readonly reached2400: Uint8Array;
  readonly round: (value: number) => number;
  /** The regulation in force at the last event's date (looked up again only when the date changes). */
  regulationDate: string;
  regulation: FideRegulation;
}

/** The period being rated: its events, first row, month, and the unrated players who played in it. */
interface PeriodStep {
  readonly index: number;
  readonly firstEvent: number;
  readonly endEvent: number;
  readonly firstRow: number;
  readonly month: number;
  /** 'YYYY-MM' of `month`, for new pool entries. */
  readonly monthKey: string;
  readonly unrated: number[];
}

function rateFide(input: ValidatedInput, params: FideParams): ColumnarRatingResult {
  const players = copyPlayers(input, { carry: true });
  const reached2400 = readReached2400(players);
  dropUnlistedRatings(players);
  const run: FideRun = {
    input,
    params,
    players,
    rows: new ChangeRows(input),
    out: createGameResults(input),
    period: new Float64Array(input.playerCount * STRIDE),
    pools: new Map(),
    reached2400,
    round: roundingFunction(params.rounding),
    regulationDate: '',
    regulation: FIDE_REGULATIONS[0],
  };
  for (let period = 0; period + 1 < input.periodStarts.length; period++) {
    const firstEvent = input.periodStarts[period];
    const step: PeriodStep = {
      index: period,
      firstEvent,
      endEvent: input.periodStarts[period + 1],
      firstRow: run.rows.count,
      month: input.eventMonth[firstEvent],
      monthKey: monthKey(input.eventMonth[firstEvent]),
      unrated: [],
    };
    ratePeriodGames(run, step);
    // The period's end, in passes over its rows and its players (work done at each event's end, while
    // its rows are in cache, measured slower: its random accesses evict the ratings the games read).
    sumPeriod(run, step);
    rateRatedPlayers(run, step);
    closeRows(run, step);
    rateUnratedPlayers(run, step);
    if (run.out !== null) gameChanges(run, step, run.out);
  }
  writeReached2400(players, reached2400);
  listPlayers(players);
  return assembleResult(fide.id, params, input, players, run.rows, run.out);
}

/** Each player's `reached2400` flag, from his carry (absent: not reached). */
function readReached2400(players: WorkingPlayers): Uint8Array {
  const reached = new Uint8Array(players.rating.length);
  for (let p = 0; p < reached.length; p++) {
    const flag = players.carry[p]?.reached2400;
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') fail('INVALID_CARRY', `players[${p}].carry.reached2400`, 'must be a boolean', flag);
    reached[p] = flag ? 1 : 0;
  }
  return reached;
}

/** The flag back into the carries the run leaves (a rated player's carry is otherwise null). */
function writeReached2400(players: WorkingPlayers, reached: Uint8Array): void {
  for (let p = 0; p < reached.length; p++) {
    if (reached[p] === 1) players.carry[p] = { ...players.carry[p], reached2400: true };
  }
}

/**
 * The period's games, event after event, each under the regulation in force at its date, summed
 * (table 8.1.2 in hundredths, the per-game term being 100·S − PD) from the ratings of the period's
 * start, which players.rating still holds: ratings change only at the period's end. One function for
 * all the events: see impl/workspace.
 */
function ratePeriodGames(run: FideRun, step: PeriodStep): void {
  const { input, rows, out } = run;
  const { white, black, score } = input.events.games;
  const { rating } = run.players;
  for (let e = step.firstEvent; e < step.endEvent; e++) {
    // Dates were checked by the validation; look the rule up again only when the date changes.
    if (input.events.dates[e] !== run.regulationDate) {
      run.regulationDate = input.events.dates[e];
      run.regulation = fideRegulationFor(run.regulationDate, `events[${e}].date`);
    }
    const regulation = run.regulation;
    const start = input.events.gameOffsets[e];
    const end = input.events.gameOffsets[e + 1];
    rows.startEvent(e, end - start);
    const { expected, score: scored, games, change, opponentRatingSum: opponents } = rows; // locals: see impl/workspace
    for (let g = start; g < end; g++) {
      const w = white[g];
      const b = black[g];
      const s = score[g];
      const ratedW = rating[w];
      const ratedB = rating[b];
      let percentW = NaN;
      let percentB = NaN;
      if (ratedW === ratedW && ratedB === ratedB) {
        percentW = fidePercent(ratedW, ratedB, regulation);
        percentB = fidePercent(ratedB, ratedW, regulation);
        const rowW = rows.enter(w, ratedW);
        const rowB = rows.enter(b, ratedB);
        opponents[rowW] += ratedB;
        scored[rowW] += s;
        expected[rowW] += percentW;
        change[rowW] += 100 * s - percentW;
        games[rowW]++;
        opponents[rowB] += ratedW;
        scored[rowB] += 1 - s;
        expected[rowB] += percentB;
        change[rowB] += 100 * (1 - s) - percentB;
        games[rowB]++;
      } else if (ratedB === ratedB) {
        countTowardsInitialRating(rows, rows.enter(w, NaN), ratedB, s);
      } else if (ratedW === ratedW) {
        countTowardsInitialRating(rows, rows.enter(b, NaN), ratedW, 1 - s);
      }
      if (out !== null) {
        out.whiteRating[g] = ratedW;
        out.blackRating[g] = ratedB;
        out.whiteExpected[g] = percentW / 100;
        out.blackExpected[g] = percentB / 100;
      }
    }
  }
}

function listPlayers(players: WorkingPlayers): void {
  for (let p = 0; p < players.rating.length; p++) {
    players.listed[p] = players.rating[p] >= FIDE_LISTING_THRESHOLD ? 1 : 0; // NaN (unrated) is not ≥
  }
}

/** Each rated player's Σ (100·S − PD) and games over the period, row after row (event order). */
function sumPeriod(run: FideRun, step: PeriodStep): void {
  const { rows, period } = run;
  const { player, ratingBefore, games, change } = rows; // locals: see impl/workspace
  for (let row = step.firstRow, end = rows.count; row < end; row++) {
    if (ratingBefore[row] !== ratingBefore[row]) continue;
    const at = player[row] * STRIDE;
    period[at + HUNDREDTHS] += change[row];
    period[at + GAMES] += games[row];
  }
}

/**
 * The period's end: one K and one rounding per rated player with games (a row in the period), in
 * player order: each update is the player's own, and this order reads the columns sequentially.
 */
function rateRatedPlayers(run: FideRun, step: PeriodStep): void {
  const { players, period, params, round } = run;
  const { rating, games: played, birthYear } = players;
  const { reached2400 } = run;
  const { rowOf } = run.rows;
  const year = run.input.eventYear[step.firstEvent];
  for (let p = 0, n = run.input.playerCount; p < n; p++) {
    const before = rating[p];
    if (rowOf[p] < step.firstRow || before !== before) continue;
    const at = p * STRIDE;
    const periodGames = period[at + GAMES];
    const k = capKForGames(
      fideKFactor(
        {
          games: played[p],
          rating: before,
          birthYear: birthYear[p] || null,
          year,
          everReached2400: reached2400[p] === 1,
        },
        params.newPlayerGames,
      ),
      periodGames,
    );
    const next = before + round((k * period[at + HUNDREDTHS]) / 100);
    const after = next < RATING_FLOOR ? RATING_FLOOR : next;
    played[p] += periodGames;
    players.k[p] = k;
    if (after >= FIDE_ELITE_RATING) reached2400[p] = 1;
    period[at + K] = k;
    period[at + RATING_AFTER] = after; // his rows show where the period took him, even below the threshold
    if (after < FIDE_LISTING_THRESHOLD) dropFromList(players, p);
    else rating[p] = after;
  }
}

/**
 * B.02 §7.2.1: below 1400 a player leaves the list and is unrated from the next period on: no rating, and
 * an empty pool for a new initial rating (his first event long seen, so a zero score there counts).
 */
function dropFromList(players: WorkingPlayers, p: number): void {
  players.rating[p] = NaN;
  players.carry[p] = { firstEventSeen: true, pool: [] };
}

/** Rated players who come in below 1400 (a list imported as it was, a run before this rule) are unrated too. */
function dropUnlistedRatings(players: WorkingPlayers): void {
  for (let p = 0; p < players.rating.length; p++) {
    if (players.rating[p] < FIDE_LISTING_THRESHOLD) dropFromList(players, p); // NaN (unrated) is not <
  }
}

/**
 * The rows: performance; a rated player's get the period's K, his change K·Σ/100, expected scores
 * as fractions and his new rating; an unrated player pools his games (rows in event order). Then the
 * period's sums go back to 0.
 */
function closeRows(run: FideRun, step: PeriodStep): void {
  const { rows, period } = run;
  const {
    player,
    ratingBefore,
    ratingAfter,
    expected,
    score,
    games,
    k: kOfRow,
    change,
    opponentRatingSum,
    performance,
  } = rows; // locals: see impl/workspace
  for (let row = step.firstRow, end = rows.count; row < end; row++) {
    performance[row] = performanceFromSums(opponentRatingSum[row], score[row], games[row], 'fide');
    if (ratingBefore[row] === ratingBefore[row]) {
      const at = player[row] * STRIDE;
      kOfRow[row] = period[at + K];
      change[row] = (period[at + K] * change[row]) / 100;
      expected[row] /= 100;
      ratingAfter[row] = period[at + RATING_AFTER];
      continue;
    }
    kOfRow[row] = NaN;
    poolGames(run, step, row, opponentRatingSum[row]);
  }
  clearPeriodSums(run, step);
}

function clearPeriodSums(run: FideRun, step: PeriodStep): void {
  const { period } = run;
  const { rowOf } = run.rows;
  for (let p = 0, n = run.input.playerCount; p < n; p++) {
    if (rowOf[p] >= step.firstRow) {
      period[p * STRIDE + HUNDREDTHS] = 0;
      period[p * STRIDE + GAMES] = 0;
    }
  }
}

/** An unrated player's row goes into his pool for the period's month (B.02 §8.2). */
function poolGames(run: FideRun, step: PeriodStep, row: number, opponents: number): void {
  const { rows, players } = run;
  const p = rows.player[row];
  let pool = run.pools.get(p);
  if (!pool) {
    pool = readPool(players, p);
    run.pools.set(p, pool);
  }
  if (pool.period !== step.index) {
    pool.period = step.index;
    step.unrated.push(p);
  }
  if (!pool.firstEventSeen) {
    pool.firstEventSeen = true;
    if (rows.score[row] === 0) return; // B.02 §8.2: a zero score in the first event is disregarded
  }
  let entry = monthEntry(pool, step.month);
  if (!entry) {
    entry = { month: step.monthKey, monthIndex: step.month, games: 0, score: 0, opponentRatingSum: 0 };
    pool.entries.push(entry);
  }
  entry.games += rows.games[row];
  entry.score += rows.score[row];
  entry.opponentRatingSum += opponents;
  players.games[p] += rows.games[row];
}

/** The pool's entry of `month`, if any (searched from the end: it is the latest month, if there). */
function monthEntry(pool: Pool, month: number): PoolEntry | undefined {
  for (let i = pool.entries.length - 1; i >= 0; i--) if (pool.entries[i].monthIndex === month) return pool.entries[i];
  return undefined;
}

/** Unrated players: a rating is earned from the pooled games (B.02 §8.2); their rows get the rating after. */
function rateUnratedPlayers(run: FideRun, step: PeriodStep): void {
  const { players, params } = run;
  for (const p of step.unrated) {
    const pool = run.pools.get(p) as Pool;
    pool.entries = pool.entries.filter((entry) => step.month - entry.monthIndex < FIDE_POOL_MONTHS);
    const pooled = pool.entries.reduce(
      (total, entry) => ({
        games: total.games + entry.games,
        score: total.score + entry.score,
        opponentRatingSum: total.opponentRatingSum + entry.opponentRatingSum,
      }),
      { games: 0, score: 0, opponentRatingSum: 0 },
    );
    const initial = pooled.games > 0 ? fideInitialRating(pooled, params.pRounding, params.rounding) : null;
    if (initial?.published) {
      players.rating[p] = initial.rating;
      players.carry[p] = null;
      run.pools.delete(p);
    } else {
      players.carry[p] = poolCarry(pool);
    }
  }
  closeUnratedRows(run, step);
}

function closeUnratedRows(run: FideRun, step: PeriodStep): void {
  const { player, ratingBefore, ratingAfter } = run.rows;
  const { rating } = run.players;
  for (let row = step.firstRow, end = run.rows.count; row < end; row++) {
    if (ratingBefore[row] !== ratingBefore[row]) ratingAfter[row] = rating[player[row]]; // an initial rating, or still none
  }
}

/** Game rows: each side's K·(S − PD); a NaN expected (unrated side, or a game that does not count) gives NaN. */
function gameChanges(run: FideRun, step: PeriodStep, out: GameResultColumns): void {
  const { events } = run.input;
  const { white, black, score } = events.games;
  const k = run.players.k; // this period's K of every rated side
  for (let g = events.gameOffsets[step.firstEvent], end = events.gameOffsets[step.endEvent]; g < end; g++) {
    out.whiteChange[g] = k[white[g]] * (score[g] - out.whiteExpected[g]);
    out.blackChange[g] = k[black[g]] * (1 - score[g] - out.blackExpected[g]);
  }
}
