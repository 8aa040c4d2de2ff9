import { assertRating } from '../checks';
import { monthKey, parseIsoDate } from '../dates';
import { fail } from '../errors';
import { capDifference } from '../expectation';
import { fideRatingDifference, fideScoringPercent } from '../fide-tables';
import {
  assembleResult,
  ChangeRowTable,
  copyPlayers,
  createGameResults,
  EventRows,
  GroupMembers,
  initialRowCapacity,
  maxPlayersPerEvent,
  SUM_OPPONENTS,
  SUM_STRIDE,
  type WorkingPlayers,
} from '../impl/workspace';
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
export const FIDE_K_NEW_PLAYER = 40;
/** B.02 §8.3.3: K = 40 until the end of the year of the 18th birthday, as long as the rating is under 2300. */
export const FIDE_K_JUNIOR = 40;
export const FIDE_JUNIOR_LAST_AGE = 18;
export const FIDE_JUNIOR_RATING_LIMIT = 2300;
/** B.02 §8.3.3: K = 20 as long as the rating remains under 2400. */
export const FIDE_K_STANDARD = 20;
/** B.02 §8.3.3: K = 10 once a published rating has reached 2400, even if it later drops below. */
export const FIDE_K_ELITE = 10;
export const FIDE_ELITE_RATING = 2400;
/** B.02 §8.3.3: if K × games in the period exceeds 700, K is the largest whole number with K × n ≤ 700. */
export const FIDE_MAX_K_TIMES_GAMES = 700;
/** B.02 §8.2 (2024): an unrated player's results are joined by two hypothetical 1800-rated opponents, both draws. */
export const FIDE_HYPOTHETICAL_OPPONENT_RATING = 1800;
export const FIDE_HYPOTHETICAL_OPPONENTS = 2;
/** B.02 §8.2: an initial rating is at most 2200. */
export const FIDE_INITIAL_RATING_CAP = 2200;
/** B.02 §8.2: published only after at least 5 games against rated opponents. */
export const FIDE_MIN_INITIAL_GAMES = 5;
/** B.02 §7: the rating floor, a listing threshold (below it a player is listed as unrated), not a clamp. */
export const FIDE_LISTING_THRESHOLD = 1400;
/** B.02 §8.2: results are pooled over consecutive rating periods of at most 26 months. */
export const FIDE_POOL_MONTHS = 26;
/** Ratings never go negative (inputs are ≥ 0); FIDE's own floor is the listing threshold above. */
const RATING_FLOOR = 0;

const parameters: readonly ParameterDescriptor[] = [
  {
    key: 'newPlayerGames',
    type: 'integer',
    default: 30,
    min: 0,
    description: 'K is 40 while fewer games than this were completed before the period.',
    source: '[DECISION] spec §4: B.02 §8.3.3 "until he has completed events with at least 30 games" read as fewer than 30 completed before',
  },
  {
    key: 'pRounding',
    type: 'enum',
    values: ['half-up', 'half-down'],
    default: 'half-up',
    description: 'How an initial rating’s p = (W + 1)/(n + 2) is rounded to hundredths before table 8.1.1 (exact fractions).',
    source: '[DECISION] spec §4, by analogy with the Title Regulations ("0.5% is rounded up"); vector fide-initial-p-rounding-tie',
  },
  roundingParameter('the period’s change (once per period) and initial ratings'),
];

const defaults = defaultsOf<FideParams>(parameters);

/** The regulation in force on `date` (ISO); INVALID_DATE before the first one this system knows. */
export function fideRegulationFor(date: string, field = 'date'): FideRegulation {
  parseIsoDate(date, field);
  let found: FideRegulation | undefined;
  for (const regulation of FIDE_REGULATIONS) if (regulation.effectiveFrom <= date) found = regulation;
  if (!found) fail('INVALID_DATE', field, `the fide system rates from ${FIDE_REGULATIONS[0].effectiveFrom} (FIDE B.02 2024) on`, date);
  return found;
}

/** PD of `own` against `opponent` in hundredths under `regulation` (the 400-point rule, 2650 exemption). */
export function fidePercent(own: number, opponent: number, regulation: FideRegulation): number {
  const exemptFrom = regulation.capExemptRating ?? Infinity;
  return fideScoringPercent(own >= exemptFrom ? own - opponent : capDifference(own - opponent));
}

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
  const percent = percentScore(2 * pooled.score + FIDE_HYPOTHETICAL_OPPONENTS, n, pRounding === 'half-up' ? 'up' : 'down');
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
 * 26-month window (a first event with a zero score is left out); null once rated.
 */
export const fide: RatingSystem<FideParams> = {
  id: 'fide',
  name: 'FIDE Rating Regulations (2024)',
  nameFr: 'Règlement FIDE du classement (2024)',
  description: 'FIDE B.02: table 8.1.2, the dated 400-point rule, K 40/20/10 with juniors and K·n ≤ 700, initial ratings, 1400 listing threshold.',
  parameters,
  defaults,
  ratingUnit: 'period',
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
}

function readPool(players: WorkingPlayers, p: number): Pool {
  const carry = players.carry[p];
  if (!carry) return { firstEventSeen: players.games[p] > 0, entries: [] };
  const field = `players[${p}].carry`;
  if (typeof carry.firstEventSeen !== 'boolean') fail('INVALID_CARRY', `${field}.firstEventSeen`, 'must be a boolean', carry.firstEventSeen);
  if (!Array.isArray(carry.pool)) fail('INVALID_CARRY', `${field}.pool`, 'must be an array', carry.pool);
  const entries = carry.pool.map((raw, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail('INVALID_CARRY', `${field}.pool[${i}]`, 'must be an object', raw);
    const entry = raw as RatingCarry;
    const month = entry.month;
    if (typeof month !== 'string') fail('INVALID_CARRY', `${field}.pool[${i}].month`, "must be 'YYYY-MM'", month);
    const parsed = parseIsoDate(`${month}-01`, `${field}.pool[${i}].month`);
    return {
      month,
      monthIndex: parsed.monthIndex,
      games: carryNumber(entry, 'games', p, true),
      score: carryNumber(entry, 'score', p),
      opponentRatingSum: carryNumber(entry, 'opponentRatingSum', p),
    };
  });
  return { firstEventSeen: carry.firstEventSeen, entries };
}

function poolCarry(pool: Pool): RatingCarry {
  return {
    firstEventSeen: pool.firstEventSeen,
    pool: pool.entries.map(({ month, games, score, opponentRatingSum }) => ({ month, games, score, opponentRatingSum })),
  };
}

/**
 * Sums one event's games (table 8.1.2 in hundredths, the partial being 100·S − PD) from the ratings of
 * the period's start, which `rating` still holds: ratings change only at the period's end.
 */
function rateEventGames(
  input: ValidatedInput,
  e: number,
  regulation: FideRegulation,
  rating: Float64Array,
  sums: EventRows,
  out: GameResultColumns,
): void {
  const { white, black, score } = input.events.games;
  const { whiteRating, blackRating, whiteExpected, blackExpected } = out;
  const keepGames = input.options.gameRows;
  for (let g = input.events.gameOffsets[e], end = input.events.gameOffsets[e + 1]; g < end; g++) {
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
      sums.add(sums.enter(w, ratedW), ratedB, s, percentW, 100 * s - percentW);
      sums.add(sums.enter(b, ratedB), ratedW, 1 - s, percentB, 100 * (1 - s) - percentB);
    } else if (ratedB === ratedB) {
      sums.add(sums.enter(w, NaN), ratedB, s, NaN, NaN); // towards white's initial rating only
    } else if (ratedW === ratedW) {
      sums.add(sums.enter(b, NaN), ratedW, 1 - s, NaN, NaN);
    }
    if (keepGames) {
      whiteRating[g] = ratedW;
      blackRating[g] = ratedB;
      whiteExpected[g] = percentW / 100;
      blackExpected[g] = percentB / 100;
    }
  }
}

function rateFide(input: ValidatedInput, params: FideParams): ColumnarRatingResult {
  const players = copyPlayers(input);
  const out = createGameResults(input);
  const rows = new ChangeRowTable(initialRowCapacity(input));
  const sums = new EventRows(input.playerCount, maxPlayersPerEvent(input), rows);
  const members = new GroupMembers(input.playerCount);
  const periodHundredths = new Float64Array(input.playerCount); // Σ (100·S − PD) over the period
  const periodGames = new Int32Array(input.playerCount);
  const periodK = new Float64Array(input.playerCount);
  const pools = new Map<number, Pool>();
  const { rating, games: played } = players;
  const { white, black, score } = input.events.games;
  const keepGames = input.options.gameRows;
  const round = roundingFunction(params.rounding);
  let regulationDate = '';
  let regulation = FIDE_REGULATIONS[0];

  for (let period = 0; period + 1 < input.periodStarts.length; period++) {
    const firstEvent = input.periodStarts[period];
    const endEvent = input.periodStarts[period + 1];
    const firstRow = rows.count;
    const unratedOpponents = new Map<number, number>(); // row → Σ opponents, for the initial-rating pool
    members.start(period);
    for (let e = firstEvent; e < endEvent; e++) {
      // Dates were checked by the validation; look the rule up again only when the date changes.
      if (input.events.dates[e] !== regulationDate) {
        regulationDate = input.events.dates[e];
        regulation = fideRegulationFor(regulationDate, `events[${e}].date`);
      }
      sums.start(e);
      rateEventGames(input, e, regulation, rating, sums, out);
      const first = sums.finish();
      for (let row = first; row < rows.count; row++) {
        const p = rows.player[row];
        const opponents = sums.sums[(row - first) * SUM_STRIDE + SUM_OPPONENTS];
        rows.performance[row] = performanceFromSums(opponents, rows.score[row], rows.games[row], 'fide');
        if (members.add(p)) {
          periodHundredths[p] = 0;
          periodGames[p] = 0;
        }
        if (rows.ratingBefore[row] === rows.ratingBefore[row]) {
          periodHundredths[p] += rows.change[row];
          periodGames[p] += rows.games[row];
        } else unratedOpponents.set(row, opponents);
      }
    }

    // The period's end: one K and one rounding per rated player.
    const year = input.eventYear[firstEvent];
    for (let i = 0; i < members.count; i++) {
      const p = members.members[i];
      const before = rating[p];
      if (before !== before) continue;
      const n = periodGames[p];
      const k = capKForGames(
        fideKFactor(
          { games: played[p], rating: before, birthYear: players.birthYear[p] || null, year, everReached2400: players.everReached2400[p] === 1 },
          params.newPlayerGames,
        ),
        n,
      );
      periodK[p] = k;
      const next = before + round((k * periodHundredths[p]) / 100);
      rating[p] = next < RATING_FLOOR ? RATING_FLOOR : next;
      played[p] += n;
      players.k[p] = k;
      if (rating[p] >= FIDE_ELITE_RATING) players.everReached2400[p] = 1;
    }
    // Unrated players: pool this period's games (rows in event order) and see if a rating is earned.
    const month = input.eventMonth[firstEvent];
    const unratedThisPeriod = new Set<number>();
    for (let row = firstRow; row < rows.count; row++) {
      const p = rows.player[row];
      if (rows.ratingBefore[row] === rows.ratingBefore[row]) {
        rows.k[row] = periodK[p];
        rows.change[row] = (periodK[p] * rows.change[row]) / 100;
        rows.expected[row] /= 100;
        continue;
      }
      let pool = pools.get(p);
      if (!pool) {
        pool = readPool(players, p);
        pools.set(p, pool);
      }
      unratedThisPeriod.add(p);
      if (!pool.firstEventSeen) {
        pool.firstEventSeen = true;
        if (rows.score[row] === 0) continue; // B.02 §8.2: a zero score in the first event is disregarded
      }
      let entry = pool.entries.find((candidate) => candidate.monthIndex === month);
      if (!entry) {
        entry = { month: monthKey(month), monthIndex: month, games: 0, score: 0, opponentRatingSum: 0 };
        pool.entries.push(entry);
      }
      entry.games += rows.games[row];
      entry.score += rows.score[row];
      entry.opponentRatingSum += unratedOpponents.get(row) as number;
      played[p] += rows.games[row];
    }
    for (const p of unratedThisPeriod) {
      const pool = pools.get(p) as Pool;
      pool.entries = pool.entries.filter((entry) => month - entry.monthIndex < FIDE_POOL_MONTHS);
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
        rating[p] = initial.rating;
        players.carry[p] = null;
        pools.delete(p);
      } else {
        players.carry[p] = poolCarry(pool);
      }
    }
    for (let row = firstRow; row < rows.count; row++) rows.ratingAfter[row] = rating[rows.player[row]];

    if (keepGames) {
      for (let g = input.events.gameOffsets[firstEvent], end = input.events.gameOffsets[endEvent]; g < end; g++) {
        // NaN expected (unrated side or not counted) gives NaN; periodK is this period's for every rated side.
        out.whiteChange[g] = periodK[white[g]] * (score[g] - out.whiteExpected[g]);
        out.blackChange[g] = periodK[black[g]] * (1 - score[g] - out.blackExpected[g]);
      }
    }
  }
  for (let p = 0; p < input.playerCount; p++) {
    players.listed[p] = rating[p] >= FIDE_LISTING_THRESHOLD ? 1 : 0; // NaN (unrated) is not ≥
  }
  return assembleResult(fide.id, params, input, players, rows, out);
}
