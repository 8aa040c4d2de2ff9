import type { Queryable } from './statement';

export interface CurrentRatingRow {
  playerId: number;
  poolId: number;
  listId: number;
  rating: number | null;
  provisional: boolean;
  rank: number | null;
  categoryCode: string | null;
  gamesTotal: number;
  listed: boolean;
  glickoRd: number | null;
}

/** The players' lines on the list in force in every pool, by pool (the query: migration ProfileReadFunctions). */
export async function currentRatingRows(db: Queryable, playerIds: readonly number[]): Promise<CurrentRatingRow[]> {
  return db.query('SELECT * FROM player_current_rating_rows($1)', [playerIds]);
}

export interface HistoryPointRow {
  poolId: number;
  listId: number;
  period: string;
  effectiveDate: string;
  revision: number;
  rating: number | null;
  provisional: boolean;
  rank: number | null;
  categoryCode: string | null;
  gamesInPeriod: number;
  gamesTotal: number;
  listed: boolean;
}

export interface HistoryChangeRow {
  id: number;
  listId: number;
  effectiveDate: string;
  tournamentId: number;
  playerId: number;
  ratingBefore: number | null;
  ratingAfter: number | null;
  expected: number | null;
  score: number;
  games: number;
  k: number | null;
  bonus: number;
  performance: number | null;
  change: number | null;
}

export interface ChangeGameRow {
  changeId: number;
  gameId: number;
  round: number;
  board: number | null;
  color: 'WHITE' | 'BLACK';
  opponentId: number;
  opponentRating: number | null;
  score: number;
  expected: number | null;
  change: number | null;
}

/** The columns of a rating change as HistoryChangeRow names them, over `rating_changes c`. */
export const CHANGE_COLUMNS = `c.id, c.list_id AS "listId", c.effective_date AS "effectiveDate", c.tournament_id AS "tournamentId", c.player_id AS "playerId",
            c.rating_before AS "ratingBefore", c.rating_after AS "ratingAfter", c.expected, c.score, c.games, c.k, c.bonus,
            c.performance, c.change`;

/** A player and every alias merged into him. */
export async function playerAndAliasIds(db: Queryable, playerId: number): Promise<number[]> {
  const rows: { id: number }[] = await db.query('SELECT id FROM players WHERE id = $1 OR merged_into_id = $1', [
    playerId,
  ]);
  return rows.map((r) => r.id);
}

/** The players' lines on every in-force list of the pools, oldest first (the query: migration ProfileReadFunctions). */
export async function historyPointRows(
  db: Queryable,
  playerIds: readonly number[],
  poolIds: readonly number[],
): Promise<HistoryPointRow[]> {
  return db.query('SELECT * FROM player_history_point_rows($1, $2)', [playerIds, poolIds]);
}

/**
 * The players' rating changes on in-force lists of the pools, oldest first (by list, then tournament end); the
 * query: migration ChangesByList.
 */
export async function historyChangeRows(
  db: Queryable,
  playerIds: readonly number[],
  poolIds: readonly number[],
): Promise<(HistoryChangeRow & { poolId: number })[]> {
  return db.query('SELECT * FROM player_history_change_rows($1, $2)', [playerIds, poolIds]);
}

/** Per-game rows of rating changes, in round and board order (the query: migration ChangesByList). */
export async function changeGameRows(db: Queryable, changeIds: readonly number[]): Promise<ChangeGameRow[]> {
  return db.query('SELECT * FROM change_game_rows($1)', [changeIds]);
}

/**
 * The pools where a player (or an alias merged into him) has a line on a published list (the query: migration
 * ProfileReadFunctions).
 */
export async function publishedPoolIdsOfPlayer(db: Queryable, playerId: number): Promise<number[]> {
  const rows: { pool_id: number }[] = await db.query(
    'SELECT player_published_pool_ids AS pool_id FROM player_published_pool_ids($1)',
    [playerId],
  );
  return rows.map((r) => r.pool_id);
}
