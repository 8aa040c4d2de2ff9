import type { EntityManager } from 'typeorm';
import type { Pool } from '@ratings/db';
import type { EventColumns, PlayerColumns, RatingCarry } from '@ratings/rating-rules';

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

interface StateRow {
  player_id: number;
  rating: number | null;
  glicko_rating: number | null;
  glicko_rd: number | null;
  glicko_volatility: number | null;
  games_total: number;
  ever_reached_2400: boolean;
  system_state: RatingCarry | null;
}

interface GameRow {
  id: number;
  tournament_id: number;
  white: number;
  black: number;
  result: '1-0' | '0-1' | '1/2-1/2';
}

const WHITE_SCORE: Record<GameRow['result'], number> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/**
 * Reads a run's inputs: every player's state on the previous list (merged players carried to their
 * survivor), the tournaments to rate in end-date order, and their played games in round and board order.
 * Players who appear for the first time start unrated.
 */
export async function readRunInputs(
  manager: EntityManager,
  pool: Pool,
  previousListId: number | null,
  tournaments: readonly { id: number; endDate: string }[],
  period: string,
): Promise<RunInputs> {
  const glicko = pool.ratingSystemId === 'glicko2';
  const states: StateRow[] = previousListId === null
    ? []
    : await manager.query(
        `SELECT coalesce(p.merged_into_id, e.player_id) AS player_id, e.rating, e.glicko_rating, e.glicko_rd, e.glicko_volatility,
                e.games_total, e.ever_reached_2400, e.system_state
         FROM rating_list_entries e JOIN players p ON p.id = e.player_id
         WHERE e.list_id = $1
         ORDER BY (p.merged_into_id IS NOT NULL), e.player_id`,
        [previousListId],
      );
  const tournamentIds = tournaments.map((t) => t.id);
  const games: GameRow[] = tournamentIds.length
    ? await manager.query(
        `SELECT g.id, g.tournament_id, coalesce(w.merged_into_id, w.id) AS white, coalesce(b.merged_into_id, b.id) AS black, g.result
         FROM games g
         JOIN unnest($1::int[]) WITH ORDINALITY AS t(id, position) ON t.id = g.tournament_id
         JOIN players w ON w.id = g.white_player_id
         JOIN players b ON b.id = g.black_player_id
         WHERE g.played
         ORDER BY t.position, g.round, g.board NULLS LAST, g.id`,
        [tournamentIds],
      )
    : [];

  // Player indexes: the previous list's players first (a survivor keeps his own line over his aliases'),
  // then newcomers in order of appearance.
  const index = new Map<number, number>();
  const order: StateRow[] = [];
  for (const state of states) {
    if (index.has(state.player_id)) continue;
    index.set(state.player_id, order.length);
    order.push(state);
  }
  const newcomer = (playerId: number): StateRow => ({
    player_id: playerId,
    rating: null,
    glicko_rating: null,
    glicko_rd: null,
    glicko_volatility: null,
    games_total: 0,
    ever_reached_2400: false,
    system_state: null,
  });
  for (const game of games) {
    for (const id of [game.white, game.black]) {
      if (!index.has(id)) {
        index.set(id, order.length);
        order.push(newcomer(id));
      }
    }
  }

  const n = order.length;
  const playerIds = Int32Array.from(order, (s) => s.player_id);
  const birthYears = new Map<number, number>();
  if (pool.ratingSystemId === 'fide' && n) {
    const rows: { id: number; birth_year: number | null }[] = await manager.query('SELECT id, birth_year FROM players WHERE id = ANY($1)', [Array.from(playerIds)]);
    for (const row of rows) if (row.birth_year !== null) birthYears.set(row.id, row.birth_year);
  }
  const players: PlayerColumns = {
    ids: order.map((s) => String(s.player_id)),
    rating: Float64Array.from(order, (s) => {
      const rating = glicko ? (s.glicko_rating ?? s.rating) : s.rating;
      return rating === null ? NaN : rating;
    }),
    games: Int32Array.from(order, (s) => s.games_total),
    rd: Float64Array.from(order, (s) => s.glicko_rd ?? NaN),
    volatility: Float64Array.from(order, (s) => s.glicko_volatility ?? NaN),
    birthYear: Int32Array.from(order, (s) => birthYears.get(s.player_id) ?? 0),
    everReached2400: Uint8Array.from(order, (s) => (s.ever_reached_2400 ? 1 : 0)),
    carry: order.map((s) => s.system_state),
  };

  const position = new Map(tournamentIds.map((id, i) => [id, i]));
  const gameOffsets = new Int32Array(tournaments.length + 1);
  for (const game of games) gameOffsets[position.get(game.tournament_id)! + 1]++;
  for (let e = 0; e < tournaments.length; e++) gameOffsets[e + 1] += gameOffsets[e];
  const events: EventColumns = {
    ids: tournamentIds.map(String),
    dates: tournaments.map((t) => t.endDate),
    // Every tournament of a run belongs to the list's period, late ones included.
    periods: tournaments.map(() => period),
    gameOffsets,
    games: {
      white: Int32Array.from(games, (g) => index.get(g.white)!),
      black: Int32Array.from(games, (g) => index.get(g.black)!),
      score: Float64Array.from(games, (g) => WHITE_SCORE[g.result]),
    },
  };
  return {
    players,
    playerIds,
    gamesBefore: Int32Array.from(players.games),
    events,
    tournamentIds,
    gameIds: Int32Array.from(games, (g) => g.id),
    gameCount: games.length,
  };
}
