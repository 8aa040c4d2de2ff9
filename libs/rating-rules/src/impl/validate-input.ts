import { MAX_RATING } from '../checks';
import { monthKey, parseIsoDate } from '../dates';
import { fail } from '../errors';
import type { EventColumns, PlayerColumns, RateEventsOptions, ValidatedInput } from '../types';

/** Where game `game` sits in the object form: `events[e].games[j]` (found by bisection, on the error path only). */
export function gameField(gameOffsets: Int32Array, game: number): string {
  let low = 0;
  let high = gameOffsets.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (gameOffsets[middle] <= game) low = middle;
    else high = middle - 1;
  }
  return `events[${low}].games[${game - gameOffsets[low]}]`;
}

function checkLength(column: ArrayLike<unknown> | undefined, length: number, field: string, optional = false): void {
  if (column === undefined && optional) return;
  if (column === undefined || column.length !== length) {
    fail(
      'INVALID_INPUT',
      field,
      `must be a column of ${length} values`,
      column === undefined ? undefined : `length ${column.length}`,
    );
  }
}

function checkTypedArray(
  column: unknown,
  type: Float64ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor,
  field: string,
): void {
  if (column !== undefined && !(column instanceof type))
    fail('INVALID_INPUT', field, `must be a ${type.name}`, typeof column);
}

function checkPositiveOrDefault(column: Float64Array, key: string): void {
  for (let p = 0; p < column.length; p++) {
    if (column[p] <= 0 || column[p] === Infinity)
      fail('INVALID_PLAYER', `players[${p}].${key}`, 'must be a finite number > 0 or absent', column[p]);
  }
}

function validatePlayers(players: PlayerColumns): number {
  const n = players.ids?.length;
  if (!Array.isArray(players.ids)) fail('INVALID_INPUT', 'players.ids', 'must be an array of player ids', players.ids);
  checkTypedArray(players.rating, Float64Array, 'players.rating');
  checkTypedArray(players.games, Int32Array, 'players.games');
  checkTypedArray(players.rd, Float64Array, 'players.rd');
  checkTypedArray(players.volatility, Float64Array, 'players.volatility');
  checkTypedArray(players.birthYear, Int32Array, 'players.birthYear');
  checkTypedArray(players.everReached2400, Uint8Array, 'players.everReached2400');
  checkLength(players.rating, n, 'players.rating');
  checkLength(players.games, n, 'players.games');
  checkLength(players.rd, n, 'players.rd', true);
  checkLength(players.volatility, n, 'players.volatility', true);
  checkLength(players.birthYear, n, 'players.birthYear', true);
  checkLength(players.everReached2400, n, 'players.everReached2400', true);
  checkLength(players.carry, n, 'players.carry', true);
  if (!playerColumnsAreValid(players, n)) namePlayerError(players, n);
  return n;
}

/**
 * One pass over the players with typed comparisons (NaN — unrated, default — passes: every comparison
 * with it is false); namePlayerError finds and names the first bad value when it fails.
 */
function playerColumnsAreValid(players: PlayerColumns, n: number): boolean {
  const { rating, games, rd, volatility, birthYear, everReached2400, carry } = players;
  for (let p = 0; p < n; p++) {
    if (
      rating[p] < 0 ||
      rating[p] > MAX_RATING ||
      games[p] < 0 ||
      (rd !== undefined && (rd[p] <= 0 || rd[p] === Infinity)) ||
      (volatility !== undefined && (volatility[p] <= 0 || volatility[p] === Infinity)) ||
      (birthYear !== undefined && birthYear[p] < 0) ||
      (everReached2400 !== undefined && everReached2400[p] > 1)
    ) {
      return false;
    }
  }
  if (carry) {
    for (let p = 0; p < n; p++) {
      const c = carry[p];
      if (c !== null && c !== undefined && (typeof c !== 'object' || Array.isArray(c))) return false;
    }
  }
  return true;
}

/** Fails on the first bad value, column by column (the order the checks have always named errors in). */
function namePlayerError(players: PlayerColumns, n: number): never {
  const { rating, games, rd, volatility, birthYear, everReached2400, carry } = players;
  // Plain loops: a shared callback-taking helper goes megamorphic and runs 5× slower.
  for (let p = 0; p < n; p++) {
    if (rating[p] < 0 || rating[p] > MAX_RATING || games[p] < 0) {
      if (games[p] < 0) fail('INVALID_PLAYER', `players[${p}].games`, 'must be a count ≥ 0', games[p]);
      fail('INVALID_RATING', `players[${p}].rating`, `must be a rating from 0 to ${MAX_RATING}, or unrated`, rating[p]);
    }
  }
  if (rd) checkPositiveOrDefault(rd, 'rd');
  if (volatility) checkPositiveOrDefault(volatility, 'volatility');
  if (birthYear) {
    for (let p = 0; p < n; p++)
      if (birthYear[p] < 0)
        fail('INVALID_PLAYER', `players[${p}].birthYear`, 'must be a year or 0 (unknown)', birthYear[p]);
  }
  if (everReached2400) {
    for (let p = 0; p < n; p++)
      if (everReached2400[p] > 1)
        fail('INVALID_PLAYER', `players[${p}].everReached2400`, 'must be 0 or 1', everReached2400[p]);
  }
  if (carry) {
    for (let p = 0; p < n; p++) {
      const c = carry[p];
      if (c !== null && c !== undefined && (typeof c !== 'object' || Array.isArray(c)))
        fail('INVALID_CARRY', `players[${p}].carry`, 'must be an object or null', c);
    }
  }
  throw new RangeError('namePlayerError: every player passes playerColumnsAreValid');
}

/**
 * One game is good when both players are indexes below playerCount, not the same, and the score is 0,
 * 0.5 or 1 — tested on 2·score without branching on the (unpredictable) score itself, as this runs once
 * per game of a run.
 */
function isBadGame(white: number, black: number, score: number, playerCount: number): boolean {
  const halves = 2 * score;
  return (
    white >>> 0 >= playerCount ||
    black >>> 0 >= playerCount ||
    white === black ||
    halves !== (halves | 0) ||
    halves >>> 0 > 2
  );
}

/** Fails on the first bad game in input order, naming its field and what is wrong. */
function checkGames(players: PlayerColumns, events: EventColumns, gameCount: number, playerCount: number): void {
  const { white, black, score } = events.games;
  for (let g = 0; g < gameCount; g++) {
    if (isBadGame(white[g], black[g], score[g], playerCount)) failOnGame(players, events, playerCount, g);
  }
}

function failOnGame(players: PlayerColumns, events: EventColumns, playerCount: number, g: number): never {
  const w = events.games.white[g];
  const b = events.games.black[g];
  const at = gameField(events.gameOffsets, g);
  if (w >>> 0 >= playerCount) fail('UNKNOWN_PLAYER', `${at}.white`, `must be a player index below ${playerCount}`, w);
  if (b >>> 0 >= playerCount) fail('UNKNOWN_PLAYER', `${at}.black`, `must be a player index below ${playerCount}`, b);
  if (w === b) fail('SELF_PAIRING', `${at}.black`, 'a player cannot play himself', players.ids[w]);
  fail('INVALID_SCORE', `${at}.score`, "must be white's score: 1, 0.5 or 0", events.games.score[g]);
}

/**
 * Checks each event's id, offsets, date (ISO, not before the previous one) and period (consecutive),
 * and derives the month and year of each event and the first event of each rating period.
 */
function checkEventDates(
  events: EventColumns,
  eventCount: number,
): Pick<ValidatedInput, 'eventMonth' | 'eventYear' | 'periodStarts'> {
  const eventMonth = new Int32Array(eventCount);
  const eventYear = new Int32Array(eventCount);
  const periodStarts: number[] = [];
  checkEvents(events, eventCount, eventMonth, eventYear, periodStarts);
  periodStarts.push(eventCount);
  return { eventMonth, eventYear, periodStarts: Int32Array.from(periodStarts) };
}

/**
 * The loop of checkEventDates, alone in its function: V8 compiles a long loop while it runs, before the
 * code after it has run, and code after it in the same function would be deoptimised at every call.
 */
function checkEvents(
  events: EventColumns,
  eventCount: number,
  eventMonth: Int32Array,
  eventYear: Int32Array,
  periodStarts: number[],
): void {
  const { gameOffsets } = events;
  const closedPeriods = new Set<string>();
  let currentPeriod: string | null = null;
  let previousDate = { year: 0, month: 0, monthIndex: 0 };
  for (let e = 0; e < eventCount; e++) {
    if (typeof events.ids[e] !== 'string') fail('INVALID_INPUT', `events[${e}].id`, 'must be a string', events.ids[e]);
    if (gameOffsets[e + 1] < gameOffsets[e])
      fail(
        'INVALID_INPUT',
        `events.gameOffsets[${e + 1}]`,
        'must not be below the previous offset',
        gameOffsets[e + 1],
      );
    // Consecutive events often end on the same day: parse each distinct date once.
    const date =
      e > 0 && events.dates[e] === events.dates[e - 1]
        ? previousDate
        : parseIsoDate(events.dates[e], `events[${e}].date`);
    previousDate = date;
    if (e > 0 && events.dates[e] < events.dates[e - 1]) {
      fail(
        'EVENTS_OUT_OF_ORDER',
        `events[${e}].date`,
        `must not be before the previous event's date ${events.dates[e - 1]}`,
        events.dates[e],
      );
    }
    eventMonth[e] = date.monthIndex;
    eventYear[e] = date.year;
    const given = events.periods?.[e];
    if (given !== undefined && given !== null && (typeof given !== 'string' || given === '')) {
      fail('INVALID_INPUT', `events[${e}].period`, 'must be a non-empty string or absent', given);
    }
    const period = given ?? monthKey(date.monthIndex);
    if (period !== currentPeriod) {
      if (closedPeriods.has(period)) {
        fail(
          'EVENTS_OUT_OF_ORDER',
          `events[${e}].period`,
          `period ${period} was closed by a later one; its events must be consecutive`,
          period,
        );
      }
      if (currentPeriod !== null) closedPeriods.add(currentPeriod);
      currentPeriod = period;
      periodStarts.push(e);
    }
  }
}

/**
 * Checks the whole columnar input (players, event columns, games, dates, order) before any engine sees
 * it — a system's engine only accepts a `ValidatedInput`, so no system can skip the checks — and derives
 * what every engine needs: event months and years, and the rating periods (consecutive events with the
 * same period key; the key defaults to the month of the event's date).
 */
export function validateColumnarInput(
  players: PlayerColumns,
  events: EventColumns,
  options: RateEventsOptions = {},
): ValidatedInput {
  const gameRows = options.gameRows ?? false;
  if (typeof gameRows !== 'boolean') fail('INVALID_INPUT', 'options.gameRows', 'must be a boolean', gameRows);
  if (typeof players !== 'object' || players === null)
    fail('INVALID_INPUT', 'players', 'must be player columns', players);
  if (typeof events !== 'object' || events === null) fail('INVALID_INPUT', 'events', 'must be event columns', events);
  const playerCount = validatePlayers(players);
  if (!Array.isArray(events.ids)) fail('INVALID_INPUT', 'events.ids', 'must be an array of event ids', events.ids);
  const eventCount = events.ids.length;
  const { games, gameOffsets } = events;
  checkLength(events.dates, eventCount, 'events.dates');
  checkLength(events.periods, eventCount, 'events.periods', true);
  checkTypedArray(gameOffsets, Int32Array, 'events.gameOffsets');
  checkLength(gameOffsets, eventCount + 1, 'events.gameOffsets');
  if (typeof games !== 'object' || games === null) fail('INVALID_INPUT', 'events.games', 'must be game columns', games);
  checkTypedArray(games.white, Int32Array, 'events.games.white');
  checkTypedArray(games.black, Int32Array, 'events.games.black');
  checkTypedArray(games.score, Float64Array, 'events.games.score');
  checkTypedArray(games.round, Int32Array, 'events.games.round');
  checkTypedArray(games.board, Int32Array, 'events.games.board');
  const gameCount = games.white.length;
  checkLength(games.black, gameCount, 'events.games.black');
  checkLength(games.score, gameCount, 'events.games.score');
  checkLength(games.round, gameCount, 'events.games.round', true);
  checkLength(games.board, gameCount, 'events.games.board', true);
  if (gameOffsets[0] !== 0) fail('INVALID_INPUT', 'events.gameOffsets[0]', 'must be 0', gameOffsets[0]);
  if (gameOffsets[eventCount] !== gameCount) {
    fail(
      'INVALID_INPUT',
      `events.gameOffsets[${eventCount}]`,
      `must be the number of games (${gameCount})`,
      gameOffsets[eventCount],
    );
  }

  checkGames(players, events, gameCount, playerCount);
  const { eventMonth, eventYear, periodStarts } = checkEventDates(events, eventCount);
  return {
    players,
    events,
    playerCount,
    eventCount,
    gameCount,
    periodStarts,
    eventMonth,
    eventYear,
    options: { gameRows },
    __validated: true,
  };
}
