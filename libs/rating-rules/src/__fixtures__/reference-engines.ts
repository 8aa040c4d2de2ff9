/**
 * Straightforward reference engines, one per system, for the equivalence tests: objects and maps, one
 * game at a time, no typed arrays and no caching — the rules as the README states them. They reuse the
 * rule functions (tested on their own against the worked vectors) and redo everything the engines add:
 * play order, the per-event and per-period sums, the change rows, the game rows, carries and pools.
 * Every number is computed by the same operations in the same order as the engines, so the results
 * must be bit-identical (jest's toEqual compares numbers with Object.is).
 */
import { monthKey, parseIsoDate } from '../dates';
import { fideScoringPercent } from '../fide-tables';
import { performanceRating } from '../performance';
import { roundHalfAwayFromZero } from '../rounding';
import { eloProvisionalK, type EloProvisionalParams } from '../systems/elo-provisional';
import type { EloParams } from '../systems/elo';
import {
  capKForGames,
  fideInitialRating,
  fideKFactor,
  fidePercent,
  fideRegulationFor,
  FIDE_ELITE_RATING,
  FIDE_LISTING_THRESHOLD,
  FIDE_POOL_MONTHS,
  type FideParams,
} from '../systems/fide';
import {
  fqeFirstTournamentRating,
  fqePermanentChange,
  FQE_PROVISIONAL_MAX_GAMES,
  type FqeParams,
} from '../systems/fqe';
import { glicko2Volatility, GLICKO2_SCALE, type Glicko2Params } from '../systems/glicko2';
import type { GameScore } from '../checks';
import type {
  PlayerState,
  PlayerStateAfter,
  RatedGame,
  RatingCarry,
  RatingChange,
  RatingChangeGame,
  RatingEvent,
} from '../types';

interface State {
  id: string;
  rating: number | null;
  games: number;
  rd: number | null;
  volatility: number | null;
  birthYear: number | null;
  everReached2400: boolean;
  carry: RatingCarry | null;
  provisional: boolean;
  k: number | null;
  listed: boolean;
}

/** One side's numbers for one game, as the columnar game rows hold them (NaN for none). */
interface Side {
  rating: number;
  expected: number;
  change: number;
}

interface Row {
  readonly player: number;
  readonly ratingBefore: number | null;
  ratingAfter: number | null;
  expected: number;
  score: number;
  games: number;
  k: number | null;
  bonus: number;
  change: number;
  /** Σ opponents' ratings, in game order. */
  opponents: number[];
}

/** The games of one event with their sides, and its rows in order of first appearance. */
interface EventRun {
  readonly event: RatingEvent;
  readonly rows: Map<number, Row>;
  readonly white: Side[];
  readonly black: Side[];
}

const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);
const ELO_LN10_OVER_400 = Math.LN10 / 400;
const logistic = (difference: number) => 1 / (1 + Math.exp(-difference * ELO_LN10_OVER_400));
const linearPerformance = (row: Row) =>
  (row.opponents.reduce((sum, r) => sum + r, 0) + 400 * (2 * row.score - row.games)) / row.games;

function startStates(players: readonly PlayerState[]): State[] {
  return players.map((p) => ({
    id: p.id,
    rating: p.rating,
    games: p.games,
    rd: p.rd ?? null,
    volatility: p.volatility ?? null,
    birthYear: p.birthYear ?? null,
    everReached2400: p.everReached2400 ?? false,
    carry: p.carry ?? null,
    provisional: false,
    k: null,
    listed: false,
  }));
}

function indexOf(players: readonly PlayerState[]): (id: string) => number {
  const index = new Map(players.map((p, i) => [p.id, i]));
  return (id) => index.get(id) as number;
}

function openRow(run: EventRun, player: number, ratingBefore: number | null): Row {
  let row = run.rows.get(player);
  if (!row) {
    row = {
      player,
      ratingBefore,
      ratingAfter: null,
      expected: 0,
      score: 0,
      games: 0,
      k: null,
      bonus: 0,
      change: 0,
      opponents: [],
    };
    run.rows.set(player, row);
  }
  return row;
}

function addGame(row: Row, opponent: number, score: number, expected: number, change: number): void {
  row.opponents.push(opponent);
  row.score += score;
  row.expected += expected;
  row.change += change;
  row.games++;
}

const noSide = (): Side => ({ rating: NaN, expected: NaN, change: NaN });

function newEventRun(event: RatingEvent): EventRun {
  return { event, rows: new Map(), white: event.games.map(noSide), black: event.games.map(noSide) };
}

/** Games in play order: round, board, input order. */
function inPlayOrder(games: readonly RatedGame[]): number[] {
  return games
    .map((_, j) => j)
    .sort(
      (a, b) => (games[a].round ?? 0) - (games[b].round ?? 0) || (games[a].board ?? 0) - (games[b].board ?? 0) || a - b,
    );
}

/** The change records: each row with its games seen from the player (those whose opponent side has a rating). */
function changeRecords(
  runs: readonly EventRun[],
  states: readonly State[],
  indexOfId: (id: string) => number,
  performance: (row: Row) => number | null,
): RatingChange[] {
  const changes: RatingChange[] = [];
  for (const run of runs) {
    for (const row of run.rows.values()) {
      const gameRows: RatingChangeGame[] = [];
      run.event.games.forEach((game, j) => {
        const extra = { ...(game.round ? { round: game.round } : {}), ...(game.board ? { board: game.board } : {}) };
        if (indexOfId(game.white) === row.player && !Number.isNaN(run.black[j].rating)) {
          gameRows.push({
            gameIndex: j,
            ...extra,
            color: 'white',
            opponentId: game.black,
            opponentRating: run.black[j].rating,
            score: game.score,
            expected: orNull(run.white[j].expected),
            change: orNull(run.white[j].change),
          });
        }
        if (indexOfId(game.black) === row.player && !Number.isNaN(run.white[j].rating)) {
          gameRows.push({
            gameIndex: j,
            ...extra,
            color: 'black',
            opponentId: game.white,
            opponentRating: run.white[j].rating,
            score: (1 - game.score) as GameScore,
            expected: orNull(run.black[j].expected),
            change: orNull(run.black[j].change),
          });
        }
      });
      changes.push({
        playerId: states[row.player].id,
        eventId: run.event.id,
        ratingBefore: row.ratingBefore,
        ratingAfter: row.ratingAfter,
        expected: orNull(row.expected),
        score: row.score,
        games: row.games,
        k: row.k,
        bonus: row.bonus,
        change: orNull(row.change),
        performance: performance(row),
        gameRows,
      });
    }
  }
  return changes;
}

export interface ReferenceResult {
  readonly players: PlayerStateAfter[];
  readonly changes: RatingChange[];
}

const result = (states: State[], changes: RatingChange[]): ReferenceResult => ({
  players: states.map((s) => ({ ...s })),
  changes,
});

export function referenceElo(
  params: EloParams,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): ReferenceResult {
  const states = startStates(players);
  const idx = indexOf(players);
  const runs = events.map((event) => {
    const run = newEventRun(event);
    for (const j of inPlayOrder(event.games)) {
      const game = event.games[j];
      const w = idx(game.white);
      const b = idx(game.black);
      const rowW = openRow(run, w, states[w].rating);
      const rowB = openRow(run, b, states[b].rating);
      const rw = states[w].rating ?? params.initialRating;
      const rb = states[b].rating ?? params.initialRating;
      const difference = params.cap400 ? Math.max(-400, Math.min(400, rw - rb)) : rw - rb;
      const ew = params.model === 'logistic' ? logistic(difference) : fideScoringPercent(difference) / 100;
      const exact = params.k * (game.score - ew);
      const change = params.rounding === 'none' ? exact : roundHalfAwayFromZero(exact);
      const nw = Math.max(0, rw + change);
      const nb = Math.max(0, rb - change);
      states[w].rating = nw;
      states[b].rating = nb;
      addGame(rowW, rb, game.score, ew, nw - rw);
      addGame(rowB, rw, 1 - game.score, 1 - ew, nb - rb);
      run.white[j] = { rating: rw, expected: ew, change: nw - rw };
      run.black[j] = { rating: rb, expected: 1 - ew, change: nb - rb };
    }
    for (const row of run.rows.values()) {
      row.ratingAfter = states[row.player].rating;
      row.k = params.k;
      states[row.player].k = params.k;
      states[row.player].games += row.games;
    }
    return run;
  });
  for (const s of states) s.listed = s.rating !== null;
  return result(states, changeRecords(runs, states, idx, linearPerformance));
}

export function referenceEloProvisional(
  params: EloProvisionalParams,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): ReferenceResult {
  const { provisionalGames: N, scaleKAgainstProvisional } = params;
  const states = startStates(players);
  const idx = indexOf(players);
  const round = (x: number) => (params.rounding === 'none' ? x : roundHalfAwayFromZero(x));
  const sums = states.map((s) => {
    if (s.games >= N) return { opponents: 0, winsMinusLosses: 0 };
    if (s.carry)
      return { opponents: s.carry.opponentRatingSum as number, winsMinusLosses: s.carry.winsMinusLosses as number };
    return { opponents: s.rating === null ? 0 : s.rating * s.games, winsMinusLosses: 0 };
  });
  const played = new Set<number>();
  const side = (
    p: number,
    own: number,
    opponent: number,
    opponentGames: number,
    score: number,
    expected: number,
    row: Row,
  ): number => {
    const before = states[p].games;
    states[p].games = before + 1;
    let next: number;
    if (before < N) {
      sums[p].opponents += opponent;
      sums[p].winsMinusLosses += 2 * score - 1;
      next = round((sums[p].opponents + 400 * sums[p].winsMinusLosses) / (before + 1));
      row.k = null;
    } else {
      const k =
        scaleKAgainstProvisional && opponentGames < N
          ? (eloProvisionalK(own) * opponentGames) / N
          : eloProvisionalK(own);
      next = own + round(k * (score - expected));
      row.k = k;
    }
    states[p].k = row.k;
    return Math.max(0, next);
  };
  const runs = events.map((event) => {
    const run = newEventRun(event);
    for (const j of inPlayOrder(event.games)) {
      const game = event.games[j];
      const w = idx(game.white);
      const b = idx(game.black);
      const rowW = openRow(run, w, states[w].rating);
      const rowB = openRow(run, b, states[b].rating);
      const rw = states[w].rating ?? 0;
      const rb = states[b].rating ?? 0;
      const gamesW = states[w].games;
      const gamesB = states[b].games;
      const ew = logistic(rw - rb);
      const nw = side(w, rw, rb, gamesB, game.score, ew, rowW);
      const nb = side(b, rb, rw, gamesW, 1 - game.score, 1 - ew, rowB);
      states[w].rating = nw;
      states[b].rating = nb;
      addGame(rowW, rb, game.score, ew, nw - rw);
      addGame(rowB, rw, 1 - game.score, 1 - ew, nb - rb);
      run.white[j] = { rating: rw, expected: ew, change: nw - rw };
      run.black[j] = { rating: rb, expected: 1 - ew, change: nb - rb };
      played.add(w).add(b);
    }
    for (const row of run.rows.values()) row.ratingAfter = states[row.player].rating;
    return run;
  });
  states.forEach((s, p) => {
    s.listed = s.rating !== null;
    s.provisional = s.rating !== null && s.games < N;
    if (played.has(p))
      s.carry = s.provisional
        ? { opponentRatingSum: sums[p].opponents, winsMinusLosses: sums[p].winsMinusLosses }
        : null;
  });
  return result(states, changeRecords(runs, states, idx, linearPerformance));
}

export function referenceFqe(
  params: FqeParams,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): ReferenceResult {
  const states = startStates(players);
  const idx = indexOf(players);
  const percent = (difference: number) => {
    const p = fideScoringPercent(difference);
    return params.certainWinAbove735 ? p : p === 100 ? 99 : p === 0 ? 1 : p;
  };
  const runs = events.map((event) => {
    const run = newEventRun(event);
    const ratings = states.map((s) => s.rating ?? NaN); // every game sees the ratings at the event's start
    event.games.forEach((game, j) => {
      const w = idx(game.white);
      const b = idx(game.black);
      const countedW = Number.isNaN(ratings[w]) ? (params.unratedOpponentRating ?? NaN) : ratings[w];
      const countedB = Number.isNaN(ratings[b]) ? (params.unratedOpponentRating ?? NaN) : ratings[b];
      const percentW = !Number.isNaN(countedB) && !Number.isNaN(ratings[w]) ? percent(ratings[w] - countedB) : NaN;
      const percentB = !Number.isNaN(countedW) && !Number.isNaN(ratings[b]) ? percent(ratings[b] - countedW) : NaN;
      if (!Number.isNaN(countedB)) addGame(openRow(run, w, states[w].rating), countedB, game.score, percentW, 0);
      if (!Number.isNaN(countedW)) addGame(openRow(run, b, states[b].rating), countedW, 1 - game.score, percentB, 0);
      run.white[j] = { rating: countedW, expected: percentW / 100, change: NaN };
      run.black[j] = { rating: countedB, expected: percentB / 100, change: NaN };
    });
    const kOf = new Map<number, number>();
    for (const row of run.rows.values()) {
      const s = states[row.player];
      const n = row.games;
      const gamesBefore = s.games;
      if (row.ratingBefore !== null && gamesBefore + n > FQE_PROVISIONAL_MAX_GAMES) {
        const permanent = fqePermanentChange(row.ratingBefore, row.score, row.expected, n, params);
        s.rating = permanent.newRating;
        row.k = permanent.k;
        row.change = permanent.change;
        row.bonus = permanent.bonus;
        s.carry = null;
      } else {
        const carried = s.carry
          ? {
              opponents: s.carry.opponentRatingSum as number,
              winsMinusLosses: s.carry.winsMinusLosses as number,
              tournaments: s.carry.tournaments as number,
            }
          : {
              opponents: s.rating === null ? 0 : s.rating * s.games,
              winsMinusLosses: 0,
              tournaments: s.rating !== null && s.games > 0 ? 1 : 0,
            };
        const opponentRatingSum = carried.opponents + row.opponents.reduce((sum, r) => sum + r, 0);
        const winsMinusLosses = carried.winsMinusLosses + 2 * row.score - n;
        const games = gamesBefore + n;
        const performance = (opponentRatingSum + 400 * (2 * ((winsMinusLosses + gamesBefore + n) / 2) - games)) / games;
        const earned = carried.tournaments === 0 ? fqeFirstTournamentRating(performance) : performance;
        s.rating = Math.max(0, params.rounding === 'none' ? earned : roundHalfAwayFromZero(earned));
        row.k = null;
        row.change = row.ratingBefore === null ? NaN : s.rating - row.ratingBefore;
        s.carry = { opponentRatingSum, winsMinusLosses, tournaments: carried.tournaments + 1 };
      }
      row.expected /= 100;
      row.ratingAfter = s.rating;
      s.games = gamesBefore + n;
      s.k = row.k;
      kOf.set(row.player, row.k ?? NaN);
    }
    event.games.forEach((game, j) => {
      run.white[j].change = (kOf.get(idx(game.white)) ?? NaN) * (game.score - run.white[j].expected);
      run.black[j].change = (kOf.get(idx(game.black)) ?? NaN) * (1 - game.score - run.black[j].expected);
    });
    return run;
  });
  for (const s of states) {
    s.listed = s.rating !== null;
    s.provisional = s.rating !== null && s.games <= FQE_PROVISIONAL_MAX_GAMES;
  }
  return result(states, changeRecords(runs, states, idx, linearPerformance));
}

/** Consecutive events with the same period (default: the month of the date). */
function periodsOf(events: readonly RatingEvent[]): RatingEvent[][] {
  const periods: RatingEvent[][] = [];
  let key: string | null = null;
  for (const event of events) {
    const k = event.period ?? event.date.slice(0, 7);
    if (k !== key) periods.push([]);
    key = k;
    periods[periods.length - 1].push(event);
  }
  return periods;
}

interface Pool {
  firstEventSeen: boolean;
  entries: { month: string; monthIndex: number; games: number; score: number; opponentRatingSum: number }[];
}

export function referenceFide(
  params: FideParams,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): ReferenceResult {
  const states = startStates(players);
  // B.02 §7.2.1: below 1400 a player is off the list and unrated, his games pooled for a new initial rating.
  const unlist = (s: State) => {
    s.rating = null;
    s.carry = { firstEventSeen: true, pool: [] };
  };
  for (const s of states) if (s.rating !== null && s.rating < FIDE_LISTING_THRESHOLD) unlist(s);
  const idx = indexOf(players);
  const round = (x: number) => (params.rounding === 'none' ? x : roundHalfAwayFromZero(x));
  const pools = new Map<number, Pool>();
  const runs: EventRun[] = [];
  for (const period of periodsOf(events)) {
    const ratings = states.map((s) => s.rating ?? NaN); // the ratings at the period's start
    const periodRuns = period.map((event) => {
      const regulation = fideRegulationFor(event.date);
      const run = newEventRun(event);
      event.games.forEach((game, j) => {
        const w = idx(game.white);
        const b = idx(game.black);
        const [rw, rb] = [ratings[w], ratings[b]];
        let percentW = NaN;
        let percentB = NaN;
        if (!Number.isNaN(rw) && !Number.isNaN(rb)) {
          percentW = fidePercent(rw, rb, regulation);
          percentB = fidePercent(rb, rw, regulation);
          addGame(openRow(run, w, rw), rb, game.score, percentW, 100 * game.score - percentW);
          addGame(openRow(run, b, rb), rw, 1 - game.score, percentB, 100 * (1 - game.score) - percentB);
        } else if (!Number.isNaN(rb)) addGame(openRow(run, w, null), rb, game.score, NaN, NaN);
        else if (!Number.isNaN(rw)) addGame(openRow(run, b, null), rw, 1 - game.score, NaN, NaN);
        run.white[j] = { rating: rw, expected: percentW / 100, change: NaN };
        run.black[j] = { rating: rb, expected: percentB / 100, change: NaN };
      });
      return run;
    });
    const rows = periodRuns.flatMap((run) => [...run.rows.values()]);
    // Rated players: one K and one rounding for the period.
    const hundredths = new Map<number, number>();
    const games = new Map<number, number>();
    for (const row of rows) {
      if (row.ratingBefore === null) continue;
      hundredths.set(row.player, (hundredths.get(row.player) ?? 0) + row.change);
      games.set(row.player, (games.get(row.player) ?? 0) + row.games);
    }
    const year = parseIsoDate(period[0].date, 'date').year;
    const periodK = new Map<number, number>();
    const ratedAfter = new Map<number, number>(); // a rated player's rating after the period, even below 1400
    for (const [p, sum] of hundredths) {
      const s = states[p];
      const n = games.get(p) as number;
      const before = s.rating as number;
      const k = capKForGames(
        fideKFactor(
          { games: s.games, rating: before, birthYear: s.birthYear, year, everReached2400: s.everReached2400 },
          params.newPlayerGames,
        ),
        n,
      );
      const after = Math.max(0, before + round((k * sum) / 100));
      s.rating = after;
      s.games += n;
      s.k = k;
      if (after >= FIDE_ELITE_RATING) s.everReached2400 = true;
      periodK.set(p, k);
      ratedAfter.set(p, after);
      if (after < FIDE_LISTING_THRESHOLD) unlist(s);
    }
    // Unrated players: pool the period's games, and maybe earn a rating.
    const month = parseIsoDate(period[0].date, 'date').monthIndex;
    const unrated: number[] = [];
    for (const row of rows) {
      if (row.ratingBefore !== null) {
        const k = periodK.get(row.player) as number;
        row.k = k;
        row.change = (k * row.change) / 100;
        row.expected /= 100;
        continue;
      }
      const s = states[row.player];
      let pool = pools.get(row.player);
      if (!pool) {
        const carry = s.carry as { firstEventSeen: boolean; pool: Pool['entries'] } | null;
        pool = carry
          ? {
              firstEventSeen: carry.firstEventSeen,
              entries: carry.pool.map((e) => ({ ...e, monthIndex: parseIsoDate(`${e.month}-01`, 'month').monthIndex })),
            }
          : { firstEventSeen: s.games > 0, entries: [] };
        pools.set(row.player, pool);
      }
      if (!unrated.includes(row.player)) unrated.push(row.player);
      if (!pool.firstEventSeen) {
        pool.firstEventSeen = true;
        if (row.score === 0) continue; // a zero score in the first event is disregarded
      }
      let entry = pool.entries.find((e) => e.monthIndex === month);
      if (!entry) {
        entry = { month: monthKey(month), monthIndex: month, games: 0, score: 0, opponentRatingSum: 0 };
        pool.entries.push(entry);
      }
      entry.games += row.games;
      entry.score += row.score;
      entry.opponentRatingSum += row.opponents.reduce((sum, r) => sum + r, 0);
      s.games += row.games;
    }
    for (const p of unrated) {
      const pool = pools.get(p) as Pool;
      pool.entries = pool.entries.filter((e) => month - e.monthIndex < FIDE_POOL_MONTHS);
      const pooled = pool.entries.reduce(
        (total, e) => ({
          games: total.games + e.games,
          score: total.score + e.score,
          opponentRatingSum: total.opponentRatingSum + e.opponentRatingSum,
        }),
        { games: 0, score: 0, opponentRatingSum: 0 },
      );
      const initial = pooled.games > 0 ? fideInitialRating(pooled, params.pRounding, params.rounding) : null;
      if (initial?.published) {
        states[p].rating = initial.rating;
        states[p].carry = null;
        pools.delete(p);
      } else {
        states[p].carry = {
          firstEventSeen: pool.firstEventSeen,
          pool: pool.entries.map(({ month: m, games: g, score, opponentRatingSum }) => ({
            month: m,
            games: g,
            score,
            opponentRatingSum,
          })),
        };
      }
    }
    for (const row of rows) row.ratingAfter = ratedAfter.get(row.player) ?? states[row.player].rating;
    for (const run of periodRuns) {
      run.event.games.forEach((game, j) => {
        run.white[j].change = (periodK.get(idx(game.white)) ?? NaN) * (game.score - run.white[j].expected);
        run.black[j].change = (periodK.get(idx(game.black)) ?? NaN) * (1 - game.score - run.black[j].expected);
      });
    }
    runs.push(...periodRuns);
  }
  for (const s of states) s.listed = s.rating !== null && s.rating >= FIDE_LISTING_THRESHOLD;
  return result(
    states,
    changeRecords(runs, states, idx, (row) => performanceRating(row.opponents, row.score, 'fide')),
  );
}

export function referenceGlicko2(
  params: Glicko2Params,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): ReferenceResult {
  const states = startStates(players);
  const idx = indexOf(players);
  const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
  const runs: EventRun[] = [];
  for (const period of periodsOf(events)) {
    const members = new Map<
      number,
      { mu: number; phi: number; g: number; vInverse: number; delta: number; factor: number }
    >();
    const join = (p: number) => {
      let m = members.get(p);
      if (!m) {
        const s = states[p];
        const phi = (s.rating !== null && s.rd !== null ? s.rd : params.initialRd) / GLICKO2_SCALE;
        m = {
          mu: ((s.rating ?? params.initialRating) - 1500) / GLICKO2_SCALE,
          phi,
          g: g(phi),
          vInverse: 0,
          delta: 0,
          factor: NaN,
        };
        if (s.rating === null || s.volatility === null) s.volatility = params.initialVolatility;
        members.set(p, m);
      }
      return m;
    };
    const periodRuns = period.map((event) => {
      const run = newEventRun(event);
      event.games.forEach((game, j) => {
        const w = idx(game.white);
        const b = idx(game.black);
        const [mw, mb] = [join(w), join(b)];
        const ew = 1 / (1 + Math.exp(-mb.g * (mw.mu - mb.mu)));
        const eb = 1 / (1 + Math.exp(-mw.g * (mb.mu - mw.mu)));
        mw.vInverse += mb.g * mb.g * ew * (1 - ew);
        mb.vInverse += mw.g * mw.g * eb * (1 - eb);
        const termW = mb.g * (game.score - ew);
        const termB = mw.g * (1 - game.score - eb);
        mw.delta += termW;
        mb.delta += termB;
        const ratingW = 1500 + GLICKO2_SCALE * mw.mu;
        const ratingB = 1500 + GLICKO2_SCALE * mb.mu;
        addGame(openRow(run, w, states[w].rating), ratingB, game.score, ew, termW);
        addGame(openRow(run, b, states[b].rating), ratingW, 1 - game.score, eb, termB);
        run.white[j] = { rating: ratingW, expected: ew, change: termW };
        run.black[j] = { rating: ratingB, expected: eb, change: termB };
      });
      return run;
    });
    for (const [p, m] of members) {
      const s = states[p];
      const v = 1 / m.vInverse;
      const sigma = glicko2Volatility(m.phi, s.volatility as number, v, v * m.delta, params.tau, params.convergence);
      const phiNew2 = 1 / (1 / (m.phi * m.phi + sigma * sigma) + m.vInverse);
      s.rating = Math.max(0, 1500 + GLICKO2_SCALE * (m.mu + phiNew2 * m.delta));
      s.rd = GLICKO2_SCALE * Math.sqrt(phiNew2);
      s.volatility = sigma;
      m.factor = GLICKO2_SCALE * phiNew2;
    }
    states.forEach((s, p) => {
      if (members.has(p) || s.rating === null) return;
      const phi = (s.rd ?? params.initialRd) / GLICKO2_SCALE;
      const sigma = s.volatility ?? params.initialVolatility;
      s.rd = GLICKO2_SCALE * Math.min(params.maxRd / GLICKO2_SCALE, Math.sqrt(phi * phi + sigma * sigma));
      s.volatility = sigma;
    });
    for (const run of periodRuns) {
      for (const row of run.rows.values()) {
        row.change *= (members.get(row.player) as { factor: number }).factor;
        row.ratingAfter = states[row.player].rating;
      }
      run.event.games.forEach((game, j) => {
        run.white[j].change *= (members.get(idx(game.white)) as { factor: number }).factor;
        run.black[j].change *= (members.get(idx(game.black)) as { factor: number }).factor;
      });
    }
    runs.push(...periodRuns);
  }
  for (const run of runs) for (const row of run.rows.values()) states[row.player].games += row.games;
  for (const s of states) {
    s.listed = s.rating !== null;
    s.provisional = s.rating !== null && (s.rd as number) > params.provisionalRd;
  }
  return result(states, changeRecords(runs, states, idx, linearPerformance));
}
