import { assertGameScore, isRating, MAX_RATING } from './checks';
import { fail } from './errors';
import { gameRowsOf } from './game-rows';
import type {
  ColumnarRatingResult,
  EventColumns,
  PlayerColumns,
  PlayerState,
  PlayerStateAfter,
  RatingChange,
  RatingChangeGame,
  RatingEvent,
} from './types';

export interface ColumnarInput {
  readonly players: PlayerColumns;
  readonly events: EventColumns;
}

const orNull = (value: number): number | null => (value === value ? value : null);
const isPositiveOrAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value) && value > 0);

/** Players as columns (ids must be unique: in the columnar form a player is his index). */
export function toColumnarPlayers(players: readonly PlayerState[]): PlayerColumns {
  if (!Array.isArray(players as unknown))
    fail('INVALID_INPUT', 'players', 'must be an array of player states', players);
  const n = players.length;
  const ids: string[] = new Array(n);
  const rating = new Float64Array(n);
  const games = new Int32Array(n);
  const rd = new Float64Array(n);
  const volatility = new Float64Array(n);
  const birthYear = new Int32Array(n);
  const everReached2400 = new Uint8Array(n);
  const carry: PlayerColumns['carry'] & unknown[] = new Array(n);
  const seen = new Set<string>();
  players.forEach((player, p) => {
    const at = `players[${p}]`;
    if (typeof player !== 'object' || player === null) fail('INVALID_PLAYER', at, 'must be a player state', player);
    if (typeof player.id !== 'string' || player.id === '')
      fail('INVALID_PLAYER', `${at}.id`, 'must be a non-empty string', player.id);
    if (seen.has(player.id)) fail('INVALID_PLAYER', `${at}.id`, 'appears twice', player.id);
    seen.add(player.id);
    ids[p] = player.id;
    const r = player.rating;
    if (r !== null && !isRating(r)) {
      fail('INVALID_RATING', `${at}.rating`, `must be a rating from 0 to ${MAX_RATING}, or null when unrated`, r);
    }
    rating[p] = r === null ? NaN : r;
    if (!Number.isInteger(player.games) || player.games < 0)
      fail('INVALID_PLAYER', `${at}.games`, 'must be an integer ≥ 0', player.games);
    games[p] = player.games;
    if (!isPositiveOrAbsent(player.rd))
      fail('INVALID_PLAYER', `${at}.rd`, 'must be a finite number > 0, or null', player.rd);
    rd[p] = player.rd ?? NaN;
    if (!isPositiveOrAbsent(player.volatility))
      fail('INVALID_PLAYER', `${at}.volatility`, 'must be a finite number > 0, or null', player.volatility);
    volatility[p] = player.volatility ?? NaN;
    const year = player.birthYear;
    if (year !== undefined && year !== null && (!Number.isInteger(year) || year < 1)) {
      fail('INVALID_PLAYER', `${at}.birthYear`, 'must be a year, or null when unknown', year);
    }
    birthYear[p] = year ?? 0;
    if (player.everReached2400 !== undefined && typeof player.everReached2400 !== 'boolean') {
      fail('INVALID_PLAYER', `${at}.everReached2400`, 'must be a boolean', player.everReached2400);
    }
    everReached2400[p] = player.everReached2400 ? 1 : 0;
    const c = player.carry;
    if (c !== undefined && c !== null && (typeof c !== 'object' || Array.isArray(c)))
      fail('INVALID_CARRY', `${at}.carry`, 'must be an object or null', c);
    carry[p] = c ?? null;
  });
  return { ids, rating, games, rd, volatility, birthYear, everReached2400, carry };
}

const isOrdinal = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

/** Events as columns; player ids become indexes into `players.ids` (an unknown id is UNKNOWN_PLAYER). */
export function toColumnarEvents(events: readonly RatingEvent[], playerIds: readonly string[]): EventColumns {
  if (!Array.isArray(events as unknown)) fail('INVALID_INPUT', 'events', 'must be an array of events', events);
  const index = new Map<string, number>();
  playerIds.forEach((id, p) => index.set(id, p));
  const eventCount = events.length;
  const gameOffsets = new Int32Array(eventCount + 1);
  events.forEach((event, e) => {
    if (typeof event !== 'object' || event === null) fail('INVALID_INPUT', `events[${e}]`, 'must be an event', event);
    if (!Array.isArray(event.games))
      fail('INVALID_INPUT', `events[${e}].games`, 'must be an array of games', event.games);
    gameOffsets[e + 1] = gameOffsets[e] + event.games.length;
  });
  const gameCount = gameOffsets[eventCount];
  const white = new Int32Array(gameCount);
  const black = new Int32Array(gameCount);
  const score = new Float64Array(gameCount);
  const round = new Int32Array(gameCount);
  const board = new Int32Array(gameCount);
  const playerIndex = (id: unknown, field: string): number => {
    const p = typeof id === 'string' ? index.get(id) : undefined;
    if (p === undefined) fail('UNKNOWN_PLAYER', field, 'is not one of the players passed in', id);
    return p;
  };
  events.forEach((event, e) => {
    event.games.forEach((game, j) => {
      const at = `events[${e}].games[${j}]`;
      const g = gameOffsets[e] + j;
      if (typeof game !== 'object' || game === null) fail('INVALID_INPUT', at, 'must be a game', game);
      white[g] = playerIndex(game.white, `${at}.white`);
      black[g] = playerIndex(game.black, `${at}.black`);
      assertGameScore(game.score, `${at}.score`);
      score[g] = game.score;
      if (!isOrdinal(game.round)) fail('INVALID_INPUT', `${at}.round`, 'must be an integer ≥ 0', game.round);
      if (!isOrdinal(game.board)) fail('INVALID_INPUT', `${at}.board`, 'must be an integer ≥ 0', game.board);
      round[g] = game.round ?? 0;
      board[g] = game.board ?? 0;
    });
  });
  return {
    ids: events.map((event) => event.id),
    dates: events.map((event) => event.date),
    periods: events.map((event) => event.period ?? null),
    gameOffsets,
    games: { white, black, score, round, board },
  };
}

/** Builds the columnar input from objects (for small callers and tests; the fast path starts columnar). */
export function toColumnarInput(players: readonly PlayerState[], events: readonly RatingEvent[]): ColumnarInput {
  const playerColumns = toColumnarPlayers(players);
  return { players: playerColumns, events: toColumnarEvents(events, playerColumns.ids) };
}

/** Every player's state after the run, as objects in input order. */
export function toPlayerStates(result: ColumnarRatingResult): PlayerStateAfter[] {
  const p = result.players;
  return p.ids.map((id, i) => ({
    id,
    rating: orNull(p.rating[i]),
    games: p.games[i],
    rd: orNull(p.rd[i]),
    volatility: orNull(p.volatility[i]),
    birthYear: p.birthYear[i] === 0 ? null : p.birthYear[i],
    everReached2400: p.everReached2400[i] === 1,
    carry: p.carry[i],
    provisional: p.provisional[i] === 1,
    k: orNull(p.k[i]),
    listed: p.listed[i] === 1,
  }));
}

/**
 * The change rows as objects, each with its games seen from the player (joined on player and event);
 * the game rows come from `gameRowsOf(result)`.
 */
export function toChangeRecords(result: ColumnarRatingResult): RatingChange[] {
  const { changes, events, players } = result;
  const games = gameRowsOf(result);
  const gameRows: RatingChangeGame[][] = Array.from({ length: changes.count }, () => []);
  const { white, black, score, round, board } = events.games;
  let row = 0;
  for (let e = 0; e < events.ids.length; e++) {
    const rowOf = new Map<number, number>();
    for (; row < changes.count && changes.event[row] === e; row++) rowOf.set(changes.player[row], row);
    for (let g = events.gameOffsets[e]; g < events.gameOffsets[e + 1]; g++) {
      const common = {
        gameIndex: g - events.gameOffsets[e],
        ...(round && round[g] !== 0 ? { round: round[g] } : {}),
        ...(board && board[g] !== 0 ? { board: board[g] } : {}),
      };
      const whiteRow = rowOf.get(white[g]);
      if (whiteRow !== undefined && !Number.isNaN(games.blackRating[g])) {
        gameRows[whiteRow].push({
          ...common,
          color: 'white',
          opponentId: players.ids[black[g]],
          opponentRating: games.blackRating[g],
          score: score[g] as RatingChangeGame['score'],
          expected: orNull(games.whiteExpected[g]),
          change: orNull(games.whiteChange[g]),
        });
      }
      const blackRow = rowOf.get(black[g]);
      if (blackRow !== undefined && !Number.isNaN(games.whiteRating[g])) {
        gameRows[blackRow].push({
          ...common,
          color: 'black',
          opponentId: players.ids[white[g]],
          opponentRating: games.whiteRating[g],
          score: (1 - score[g]) as RatingChangeGame['score'],
          expected: orNull(games.blackExpected[g]),
          change: orNull(games.blackChange[g]),
        });
      }
    }
  }
  return gameRows.map((rows, r) => ({
    playerId: players.ids[changes.player[r]],
    eventId: events.ids[changes.event[r]],
    ratingBefore: orNull(changes.ratingBefore[r]),
    ratingAfter: orNull(changes.ratingAfter[r]),
    expected: orNull(changes.expected[r]),
    score: changes.score[r],
    games: changes.games[r],
    k: orNull(changes.k[r]),
    bonus: changes.bonus[r],
    change: orNull(changes.change[r]),
    performance: orNull(changes.performance[r]),
    gameRows: rows,
  }));
}
