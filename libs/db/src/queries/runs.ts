import type { EntityManager } from 'typeorm';
import type { RatingCarry } from '@ratings/rating-rules';
import type { Queryable } from './statement';

/**
 * The lines of a list as aligned columns: one array per column, all filled by the same scan (null when the
 * list is empty). Hundreds of thousands of states cost one parse per column instead of one object per row.
 */
export interface StateColumns {
  /** The survivor's id when the line's player was merged away. */
  player_id: number[] | null;
  is_alias: boolean[] | null;
  rating: (number | null)[] | null;
  glicko_rating: (number | null)[] | null;
  glicko_rd: (number | null)[] | null;
  glicko_volatility: (number | null)[] | null;
  games_total: number[] | null;
  system_state: (RatingCarry | null)[] | null;
}

const STATE_COLUMNS = `array_agg(coalesce(p.merged_into_id, e.player_id)) AS player_id, array_agg(p.merged_into_id IS NOT NULL) AS is_alias,
            array_agg(e.rating) AS rating, array_agg(e.glicko_rating) AS glicko_rating, array_agg(e.glicko_rd) AS glicko_rd,
            array_agg(e.glicko_volatility) AS glicko_volatility, array_agg(e.games_total) AS games_total,
            array_agg(e.system_state) AS system_state`;

/** Every player's state on a list, merged players carried to their survivor, as columns. */
export async function listStateColumns(manager: EntityManager, listId: number): Promise<StateColumns> {
  const [states]: StateColumns[] = await manager.query(
    `SELECT ${STATE_COLUMNS}
     FROM rating_list_entries e JOIN players p ON p.id = e.player_id
     WHERE e.list_id = $1`,
    [listId],
  );
  return states;
}

/**
 * The states on a list of some players (survivors' ids; their aliases' lines come too), as columns: primary-key
 * lookups, so a few hundred players of a list of millions cost a few hundred index reads.
 */
export async function listStateColumnsOf(
  manager: EntityManager,
  listId: number,
  playerIds: readonly number[],
): Promise<StateColumns> {
  const [states]: StateColumns[] = await manager.query(
    `SELECT ${STATE_COLUMNS}
     FROM rating_list_entries e JOIN players p ON p.id = e.player_id
     WHERE e.list_id = $1
       AND e.player_id IN (SELECT unnest($2::int[]) UNION ALL SELECT id FROM players WHERE merged_into_id = ANY($2::int[]))`,
    [listId, playerIds],
  );
  return states;
}

/** Played games as aligned columns (in no promised order; null when there are none), players as survivors. */
export interface GameColumns {
  id: number[] | null;
  tournament_id: number[] | null;
  round: number[] | null;
  board: (number | null)[] | null;
  white: number[] | null;
  black: number[] | null;
  result: string[] | null;
}

/** The played games of the tournaments, as columns. */
export async function playedGameColumns(
  manager: EntityManager,
  tournamentIds: readonly number[],
): Promise<GameColumns> {
  const [columns]: GameColumns[] = await manager.query(
    `SELECT array_agg(g.id) AS id, array_agg(g.tournament_id) AS tournament_id, array_agg(g.round) AS round, array_agg(g.board) AS board,
            array_agg(coalesce(w.merged_into_id, w.id)) AS white, array_agg(coalesce(b.merged_into_id, b.id)) AS black, array_agg(g.result) AS result
     FROM games g
     JOIN players w ON w.id = g.white_player_id
     JOIN players b ON b.id = g.black_player_id
     WHERE g.tournament_id = ANY($1) AND g.played`,
    [tournamentIds],
  );
  return columns;
}

/** Known birth years of the players: player id → year. */
export async function birthYearsOf(manager: EntityManager, playerIds: readonly number[]): Promise<Map<number, number>> {
  const [{ id, birth_year }]: { id: number[] | null; birth_year: number[] | null }[] = await manager.query(
    'SELECT array_agg(id) AS id, array_agg(birth_year) AS birth_year FROM players WHERE id = ANY($1) AND birth_year IS NOT NULL',
    [playerIds],
  );
  return new Map((id ?? []).map((playerId, i) => [playerId, birth_year![i]]));
}

/**
 * Takes `count` ids from the rating changes' sequence, so rows can be written with COPY naming their ids. The
 * sequence's name is looked up once (a scalar subquery), not per row: the lookup cost ten times the nextval.
 */
export async function reserveRatingChangeIds(manager: EntityManager, count: number): Promise<Int32Array> {
  if (count === 0) return new Int32Array(0);
  const rows: { id: number }[] = await manager.query(
    `SELECT nextval((SELECT pg_get_serial_sequence('rating_changes', 'id'))::regclass)::int AS id FROM generate_series(1, $1)`,
    [count],
  );
  return Int32Array.from(rows, (row) => row.id);
}

/** The latest published revision effective before `effectiveDate` in a pool, or null. */
export async function publishedListIdBefore(
  db: Queryable,
  poolId: number,
  effectiveDate: string,
): Promise<number | null> {
  const rows: { id: number }[] = await db.query(
    `SELECT id FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date < $2
     ORDER BY effective_date DESC, revision DESC LIMIT 1`,
    [poolId, effectiveDate],
  );
  return rows[0]?.id ?? null;
}

/** The period of a published list effective after `effectiveDate` in a pool, or null when there is none. */
export async function publishedPeriodAfter(
  db: Queryable,
  poolId: number,
  effectiveDate: string,
): Promise<string | null> {
  const rows: { period: string }[] = await db.query(
    `SELECT period FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date > $2 LIMIT 1`,
    [poolId, effectiveDate],
  );
  return rows[0]?.period ?? null;
}

/** The period of a list published after `publishedAfter` that is effective before `effectiveDate`, or null. */
export async function periodPublishedSince(
  db: Queryable,
  poolId: number,
  effectiveDate: string,
  publishedAfter: Date,
): Promise<string | null> {
  const rows: { period: string }[] = await db.query(
    `SELECT period FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date < $2 AND published_at > $3 LIMIT 1`,
    [poolId, effectiveDate, publishedAfter],
  );
  return rows[0]?.period ?? null;
}

/** Any list of a pool (the period of one), or null for a pool without lists. */
export async function anyListPeriod(db: Queryable, poolId: number): Promise<string | null> {
  const rows: { period: string }[] = await db.query('SELECT period FROM rating_lists WHERE pool_id = $1 LIMIT 1', [
    poolId,
  ]);
  return rows[0]?.period ?? null;
}

/** A list after (period, revision) or effective after `effectiveDate` in a pool, the latest first, or null. */
export async function listAfter(
  db: Queryable,
  poolId: number,
  after: { period: string; revision: number; effectiveDate: string },
): Promise<{ period: string; revision: number } | null> {
  const rows: { period: string; revision: number }[] = await db.query(
    `SELECT period, revision FROM rating_lists WHERE pool_id = $1 AND ((period = $2 AND revision > $3) OR effective_date > $4) ORDER BY effective_date DESC LIMIT 1`,
    [poolId, after.period, after.revision, after.effectiveDate],
  );
  return rows[0] ?? null;
}

export interface TournamentToRate {
  id: number;
  endDate: string;
}

/** A pool's ACCEPTED tournaments that ended by `periodEnd`, in rating order (end date, id). */
export async function acceptedTournamentsToRate(
  db: Queryable,
  poolId: number,
  periodEnd: string,
): Promise<TournamentToRate[]> {
  return db.query(
    `SELECT id, end_date AS "endDate" FROM tournaments
     WHERE pool_id = $1 AND status = 'ACCEPTED' AND end_date <= $2
     ORDER BY end_date, id`,
    [poolId, periodEnd],
  );
}

/** Every ACCEPTED tournament of a pool, whatever its period, in rating order (end date, id). */
export async function acceptedTournamentsOf(db: Queryable, poolId: number): Promise<TournamentToRate[]> {
  return db.query(
    `SELECT id, end_date AS "endDate" FROM tournaments WHERE pool_id = $1 AND status = 'ACCEPTED' ORDER BY end_date, id`,
    [poolId],
  );
}

export interface PublishedPeriodList {
  listId: number;
  period: string;
  tournamentIds: number[];
}

/**
 * The published lists of a pool's periods `from` … `to` (the latest revision of each), in period order, with the
 * tournaments each rated in rating order (end date, id).
 */
export async function publishedListsOfPeriods(
  db: Queryable,
  poolId: number,
  from: string,
  to: string,
): Promise<PublishedPeriodList[]> {
  return db.query(
    `SELECT l.id AS "listId", l.period,
            ARRAY(SELECT t.id FROM rating_list_tournaments r JOIN tournaments t ON t.id = r.tournament_id
                  WHERE r.list_id = l.id ORDER BY t.end_date, t.id) AS "tournamentIds"
     FROM (SELECT DISTINCT ON (period) id, period FROM rating_lists
           WHERE pool_id = $1 AND status = 'PUBLISHED' AND period BETWEEN $2 AND $3
           ORDER BY period, revision DESC) l
     ORDER BY l.period`,
    [poolId, from, to],
  );
}

/** The end dates of tournaments: id → end date. */
export async function tournamentEndDates(
  db: Queryable,
  tournamentIds: readonly number[],
): Promise<Map<number, string>> {
  const rows: { id: number; endDate: string }[] = await db.query(
    'SELECT id, end_date AS "endDate" FROM tournaments WHERE id = ANY($1)',
    [tournamentIds],
  );
  return new Map(rows.map((row) => [row.id, row.endDate]));
}

/** The tournaments a list rated, in rating order (end date, id). */
export async function tournamentsRatedBy(db: Queryable, listId: number): Promise<TournamentToRate[]> {
  return db.query(
    `SELECT t.id, t.end_date AS "endDate" FROM rating_list_tournaments r JOIN tournaments t ON t.id = r.tournament_id
     WHERE r.list_id = $1 ORDER BY t.end_date, t.id`,
    [listId],
  );
}

/** The tournaments a list rated with their status now. */
export async function ratedTournamentStatuses(
  db: Queryable,
  listId: number,
): Promise<{ tournamentId: number; status: string }[]> {
  return db.query(
    `SELECT r.tournament_id AS "tournamentId", t.status FROM rating_list_tournaments r JOIN tournaments t ON t.id = r.tournament_id WHERE r.list_id = $1`,
    [listId],
  );
}

/** An ACCEPTED tournament of the pool ended by `periodEnd` that the list did not rate, or null. */
export async function acceptedTournamentMissingFrom(
  db: Queryable,
  list: { id: number; poolId: number; periodEnd: string },
): Promise<{ id: number; name: string } | null> {
  const rows: { id: number; name: string }[] = await db.query(
    `SELECT t.id, t.name FROM tournaments t
     WHERE t.pool_id = $1 AND t.status = 'ACCEPTED' AND t.end_date <= $2
       AND NOT EXISTS (SELECT 1 FROM rating_list_tournaments r WHERE r.list_id = $3 AND r.tournament_id = t.id)
     LIMIT 1`,
    [list.poolId, list.periodEnd, list.id],
  );
  return rows[0] ?? null;
}

/** Marks the tournaments RATED by the list. */
export async function markTournamentsRated(
  manager: EntityManager,
  tournamentIds: readonly number[],
  listId: number,
): Promise<void> {
  if (tournamentIds.length === 0) return;
  await manager.query(
    `UPDATE tournaments SET status = 'RATED', rated_in_list_id = $2, updated_at = now() WHERE id = ANY($1)`,
    [tournamentIds, listId],
  );
}

/** Stores which players' lines differ between two revisions (rating, provisional flag or rank); returns how many. */
export async function insertListDiff(manager: EntityManager, oldListId: number, newListId: number): Promise<number> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO rating_list_diffs (list_id, player_id, old_rating, new_rating, old_provisional, new_provisional, old_rank, new_rank)
     SELECT $2, coalesce(n.player_id, o.player_id), o.rating, n.rating, o.provisional, n.provisional, o.rank, n.rank
     FROM (SELECT * FROM rating_list_entries WHERE list_id = $2) n
     FULL JOIN (SELECT * FROM rating_list_entries WHERE list_id = $1) o ON o.player_id = n.player_id
     WHERE (o.rating, o.provisional, o.rank) IS DISTINCT FROM (n.rating, n.provisional, n.rank)
     RETURNING player_id`,
    [oldListId, newListId],
  );
  return rows.length;
}
