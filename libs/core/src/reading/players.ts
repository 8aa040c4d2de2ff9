import { In, type DataSource, type EntityManager } from 'typeorm';
import { Player, playerNameCondition } from '@ratings/db';
import { IN_FORCE_LISTS } from './lists';

type Db = DataSource | EntityManager;

/** Players by id, in key order, null for unknown ids. An alias left by a merge resolves to the survivor. */
export async function playersByIds(db: Db, ids: readonly number[]): Promise<(Player | null)[]> {
  const repo = db.getRepository(Player);
  const found = await repo.findBy({ id: In([...ids]) });
  const survivorsNeeded = found.filter((p) => p.mergedIntoId !== null).map((p) => p.mergedIntoId as number);
  const survivors = survivorsNeeded.length ? await repo.findBy({ id: In(survivorsNeeded) }) : [];
  const byId = new Map([...found, ...survivors].map((p) => [p.id, p]));
  return ids.map((id) => {
    const player = byId.get(id);
    if (!player) return null;
    return player.mergedIntoId !== null ? (byId.get(player.mergedIntoId) ?? null) : player;
  });
}

export interface PlayerFilters {
  search?: string | null;
  federation?: string | null;
  club?: string | null;
  sex?: 'M' | 'F' | null;
}

/** Keyset of the player directory: surname, given name, id. */
export interface PlayerKey {
  surname: string;
  givenName: string;
  id: number;
}

/** The player directory: survivors only, alphabetical, filtered; the name search ignores accents and case. */
export async function playersPage(
  db: Db,
  filters: PlayerFilters,
  first: number,
  after: PlayerKey | null,
): Promise<{ rows: Player[]; totalCount: number }> {
  const query = db.getRepository(Player).createQueryBuilder('player').where('player.merged_into_id IS NULL');
  if (filters.search) {
    const condition = playerNameCondition('player', filters.search);
    query.andWhere(condition.where, condition.parameters);
  }
  if (filters.federation)
    query.andWhere('player.federation = :federation', { federation: filters.federation.toUpperCase() });
  if (filters.club) query.andWhere('player.club = :club', { club: filters.club });
  if (filters.sex) query.andWhere('player.sex = :sex', { sex: filters.sex });
  const totalCount = await query.clone().getCount();
  if (after) {
    query.andWhere("(player.surname, coalesce(player.given_name, ''), player.id) > (:surname, :givenName, :id)", after);
  }
  const rows = await query
    .orderBy('player.surname', 'ASC')
    .addOrderBy("coalesce(player.given_name, '')", 'ASC')
    .addOrderBy('player.id', 'ASC')
    .limit(first + 1)
    .getMany();
  return { rows, totalCount };
}

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

/** Each player's line on the list in force in every pool (batched for DataLoader), by player id. */
export async function currentRatingsByPlayer(db: Db, playerIds: readonly number[]): Promise<CurrentRatingRow[][]> {
  const rows: CurrentRatingRow[] = await db.query(
    `WITH current_lists AS (
       SELECT DISTINCT ON (pool_id) id, pool_id FROM (${IN_FORCE_LISTS}) l ORDER BY pool_id, effective_date DESC
     )
     SELECT e.player_id AS "playerId", e.pool_id AS "poolId", e.list_id AS "listId", e.rating, e.provisional, e.rank,
            e.category_code AS "categoryCode", e.games_total AS "gamesTotal", e.listed, e.glicko_rd AS "glickoRd"
     FROM rating_list_entries e JOIN current_lists c ON c.id = e.list_id
     WHERE e.player_id = ANY($1)
     ORDER BY e.pool_id`,
    [playerIds],
  );
  const byPlayer = new Map<number, CurrentRatingRow[]>();
  for (const row of rows) byPlayer.set(row.playerId, [...(byPlayer.get(row.playerId) ?? []), row]);
  return playerIds.map((id) => byPlayer.get(id) ?? []);
}

export interface HistoryPointRow {
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

export interface PlayerHistory {
  points: HistoryPointRow[];
  changes: HistoryChangeRow[];
}

/** The ids a player's history covers: himself and every alias merged into him. */
async function historyIds(db: Db, playerId: number): Promise<number[]> {
  const rows: { id: number }[] = await db.query('SELECT id FROM players WHERE id = $1 OR merged_into_id = $1', [
    playerId,
  ]);
  return rows.map((r) => r.id);
}

/**
 * A player's history in a pool: his line on every published list (latest revision of each period) and
 * every rated tournament's change, oldest first. Per-game rows come from changeGamesByChange.
 */
export async function playerHistory(db: Db, playerId: number, poolId: number): Promise<PlayerHistory> {
  const ids = await historyIds(db, playerId);
  const [points, changes] = await Promise.all([
    db.query(
      `SELECT l.id AS "listId", l.period, l.effective_date AS "effectiveDate", l.revision, e.rating, e.provisional, e.rank,
              e.category_code AS "categoryCode", e.games_in_period AS "gamesInPeriod", e.games_total AS "gamesTotal", e.listed
       FROM rating_list_entries e JOIN (${IN_FORCE_LISTS}) l ON l.id = e.list_id
       WHERE e.player_id = ANY($1) AND e.pool_id = $2
       ORDER BY l.effective_date`,
      [ids, poolId],
    ) as Promise<HistoryPointRow[]>,
    db.query(
      `SELECT c.id, c.list_id AS "listId", c.effective_date AS "effectiveDate", c.tournament_id AS "tournamentId", c.player_id AS "playerId",
              c.rating_before AS "ratingBefore", c.rating_after AS "ratingAfter", c.expected, c.score, c.games, c.k, c.bonus,
              c.performance, c.change
       FROM rating_changes c JOIN (${IN_FORCE_LISTS}) l ON l.id = c.list_id
       JOIN tournaments t ON t.id = c.tournament_id
       WHERE c.player_id = ANY($1) AND c.pool_id = $2
       ORDER BY c.effective_date, t.end_date, t.id`,
      [ids, poolId],
    ) as Promise<HistoryChangeRow[]>,
  ]);
  return { points, changes };
}

/** Per-game rows of changes (batched for DataLoader), by change id, in round order. */
export async function changeGamesByChange(db: Db, changeIds: readonly number[]): Promise<ChangeGameRow[][]> {
  const rows: ChangeGameRow[] = await db.query(
    `SELECT r.change_id AS "changeId", r.game_id AS "gameId", g.round, g.board,
            CASE WHEN g.white_player_id = c.player_id THEN 'WHITE' ELSE 'BLACK' END AS color,
            r.opponent_id AS "opponentId", r.opponent_rating_used AS "opponentRating", r.score, r.expected, r.change
     FROM rating_change_games r JOIN games g ON g.id = r.game_id JOIN rating_changes c ON c.id = r.change_id
     WHERE r.change_id = ANY($1)
     ORDER BY g.round, g.board NULLS LAST`,
    [changeIds],
  );
  const byChange = new Map<number, ChangeGameRow[]>();
  for (const row of rows) byChange.set(row.changeId, [...(byChange.get(row.changeId) ?? []), row]);
  return changeIds.map((id) => byChange.get(id) ?? []);
}

/** The pools where a player (or an alias merged into him) has a line on a published list. */
export async function historyPoolIds(db: Db, playerId: number): Promise<number[]> {
  const rows: { pool_id: number }[] = await db.query(
    `SELECT DISTINCT e.pool_id FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id
     WHERE l.status = 'PUBLISHED' AND e.player_id IN (SELECT id FROM players WHERE id = $1 OR merged_into_id = $1)
     ORDER BY e.pool_id`,
    [playerId],
  );
  return rows.map((r) => r.pool_id);
}
