import type { EntityManager } from 'typeorm';
import {
  birthYearsOf,
  listStateColumns,
  listStateColumnsOf,
  playedGameColumns,
  type GameColumns,
  type Pool,
  type StateColumns,
} from '@ratings/db';
import { getRatingSystem, type EventColumns, type PlayerColumns } from '@ratings/rating-rules';

/** Everything a run reads, in the engine's columnar form, with the database ids behind each index. */
export interface RunInputs {
  players: PlayerColumns;
  /** Database id of player index i. */
  playerIds: Int32Array;
  /** Rated games before the run, per player index (to count the period's games). */
  gamesBefore: Int32Array;
  events: EventColumns;
  tournamentIds: number[];
  /** Database id of game index g. */
  gameIds: Int32Array;
  /** Played games found, and the tournaments with none rated (all forfeits, say) still count as rated by the list. */
  gameCount: number;
}

/** A tournament to rate: its end date, and the period it is rated in when it is not the run's. */
export interface TournamentInput {
  readonly id: number;
  readonly endDate: string;
  readonly period?: string;
}

export interface RunInputOptions {
  /**
   * The system the inputs are for (default: the pool's). A list's carry belongs to the system that wrote it, so
   * another system starts without it, from the ratings and game counts alone.
   */
  readonly systemId?: string;
  /**
   * Read the list's states of the games' players only, not the whole list: enough when what is wanted is those
   * players' ratings (live ratings, what-ifs, simulations), since a player without a game keeps his rating.
   */
  readonly gamePlayersOnly?: boolean;
}

const WHITE_SCORE: Readonly<Record<string, number>> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/**
 * Reads a run's inputs: every player's state on the previous list (merged players carried to their
 * survivor), the tournaments to rate in end-date order, and their played games in round and board order.
 * Players who appear for the first time start unrated. Tournaments are rated in `period` unless they name theirs.
 */
export async function readRunInputs(
  manager: EntityManager,
  pool: Pool,
  previousListId: number | null,
  tournaments: readonly TournamentInput[],
  period: string,
  options: RunInputOptions = {},
): Promise<RunInputs> {
  const systemId = options.systemId ?? pool.ratingSystemId;
  const { uses } = getRatingSystem(systemId);
  const glicko = uses.deviation;
  const tournamentIds = tournaments.map((t) => t.id);
  const gameColumns = tournamentIds.length ? await playedGameColumns(manager, tournamentIds) : emptyGames();
  const games = sortGames(gameColumns, tournamentIds);
  const states =
    previousListId === null
      ? emptyStates()
      : options.gamePlayersOnly
        ? await listStateColumnsOf(manager, previousListId, [...new Set([...games.white, ...games.black])])
        : await listStateColumns(manager, previousListId);

  // Player indexes: the previous list's players first (a survivor keeps his own line over his aliases'),
  // then newcomers in order of appearance.
  const stateCount = states.player_id?.length ?? 0;
  const index = new Map<number, number>();
  const rowOf: number[] = []; // player index → row of the previous list (−1 for a newcomer)
  const ids: number[] = [];
  for (const preferAlias of [false, true]) {
    for (let row = 0; row < stateCount; row++) {
      if (states.is_alias![row] !== preferAlias) continue;
      const playerId = states.player_id![row];
      if (index.has(playerId)) continue;
      index.set(playerId, ids.length);
      ids.push(playerId);
      rowOf.push(row);
    }
  }
  for (const g of games.order) {
    for (const playerId of [games.white[g], games.black[g]]) {
      if (!index.has(playerId)) {
        index.set(playerId, ids.length);
        ids.push(playerId);
        rowOf.push(-1);
      }
    }
  }
  const column =
    <T>(values: T[] | null, newcomer: T) =>
    (i: number) =>
      rowOf[i] < 0 ? newcomer : values![rowOf[i]];
  const ratingOf = column(states.rating, null);
  const glickoRatingOf = column(states.glicko_rating, null);
  const rdOf = column(states.glicko_rd, null);
  const volatilityOf = column(states.glicko_volatility, null);
  const gamesOf = column(states.games_total, 0);
  const keepsCarry = systemId === pool.ratingSystemId;
  const carryOf = column(states.system_state, null);

  const n = ids.length;
  const playerIds = Int32Array.from(ids);
  const birthYears = uses.birthYear && n ? await birthYearsOf(manager, ids) : new Map<number, number>();
  const players: PlayerColumns = {
    ids: ids.map(String),
    rating: Float64Array.from({ length: n }, (_, i) => {
      const rating = glicko ? (glickoRatingOf(i) ?? ratingOf(i)) : ratingOf(i);
      return rating === null ? NaN : rating;
    }),
    games: Int32Array.from({ length: n }, (_, i) => gamesOf(i)),
    rd: Float64Array.from({ length: n }, (_, i) => rdOf(i) ?? NaN),
    volatility: Float64Array.from({ length: n }, (_, i) => volatilityOf(i) ?? NaN),
    birthYear: Int32Array.from(ids, (playerId) => birthYears.get(playerId) ?? 0),
    carry: Array.from({ length: n }, (_, i) => (keepsCarry ? carryOf(i) : null)),
  };

  const gameOffsets = new Int32Array(tournaments.length + 1);
  for (const g of games.order) gameOffsets[games.position[g] + 1]++;
  for (let e = 0; e < tournaments.length; e++) gameOffsets[e + 1] += gameOffsets[e];
  const events: EventColumns = {
    ids: tournamentIds.map(String),
    dates: tournaments.map((t) => t.endDate),
    // Every tournament of a run belongs to the list's period, late ones included.
    periods: tournaments.map((t) => t.period ?? period),
    gameOffsets,
    games: {
      white: Int32Array.from(games.order, (g) => index.get(games.white[g])!),
      black: Int32Array.from(games.order, (g) => index.get(games.black[g])!),
      score: Float64Array.from(games.order, (g) => WHITE_SCORE[games.result[g]]),
    },
  };
  return {
    players,
    playerIds,
    gamesBefore: Int32Array.from(players.games),
    events,
    tournamentIds,
    gameIds: Int32Array.from(games.order, (g) => games.id[g]),
    gameCount: games.order.length,
  };
}

function emptyStates(): StateColumns {
  return {
    player_id: null,
    is_alias: null,
    rating: null,
    glicko_rating: null,
    glicko_rd: null,
    glicko_volatility: null,
    games_total: null,
    system_state: null,
  };
}

function emptyGames(): GameColumns {
  return { id: null, tournament_id: null, round: null, board: null, white: null, black: null, result: null };
}

/** The games in rating order: tournaments as given (end date), then round, board (unknown last) and id. */
function sortGames(columns: GameColumns, tournamentIds: readonly number[]) {
  const count = columns.id?.length ?? 0;
  const positionOf = new Map(tournamentIds.map((id, i) => [id, i]));
  const position = Int32Array.from({ length: count }, (_, g) => positionOf.get(columns.tournament_id![g])!);
  const order = Array.from({ length: count }, (_, g) => g);
  const board = (g: number) => columns.board![g] ?? Number.MAX_SAFE_INTEGER;
  order.sort(
    (a, b) =>
      position[a] - position[b] ||
      columns.round![a] - columns.round![b] ||
      board(a) - board(b) ||
      columns.id![a] - columns.id![b],
  );
  return {
    order,
    position,
    id: columns.id ?? [],
    white: columns.white ?? [],
    black: columns.black ?? [],
    result: columns.result ?? [],
  };
}
