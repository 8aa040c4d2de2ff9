import { inListOrder, keysetOf, type PagePosition } from './keyset';
import type { Queryable } from './statement';

/** Which listed players of a list a ranking shows (all given conditions hold). */
export interface RankingConditions {
  readonly listId: number;
  readonly category?: string | null;
  readonly sex?: string | null;
  /** Compared as stored (upper case). */
  readonly federation?: string | null;
  readonly club?: string | null;
  /** Inclusive birth-year bounds of an age group (null: open). */
  readonly birthYearFrom?: number | null;
  readonly birthYearTo?: number | null;
}

/** Position after which a page starts: by rating within a category, by rank across categories. */
export interface RankingCursor {
  readonly rank: number;
  readonly rating: number;
  readonly playerId: number;
}

export interface RankingRow {
  playerId: number;
  rank: number;
  rating: number;
  provisional: boolean;
  categoryCode: string;
  gamesTotal: number;
  /** Rating on the previous list (null: not listed then). */
  previousRating: number | null;
}

const RANKING_COLUMNS = `e.player_id AS "playerId", e.rank, e.rating, e.provisional, e.category_code AS "categoryCode",
            e.games_total AS "gamesTotal", prev.rating AS "previousRating"`;

interface RankingSql {
  join: string;
  where: string;
  params: unknown[];
  param: (value: unknown) => string;
}

function rankingSql(conditions: RankingConditions): RankingSql {
  const params: unknown[] = [conditions.listId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['e.list_id = $1', 'e.rank IS NOT NULL'];
  if (conditions.category) where.push(`e.category_code = ${param(conditions.category)}`);
  const playerFilters: string[] = [];
  if (conditions.sex) playerFilters.push(`p.sex = ${param(conditions.sex)}`);
  if (conditions.federation) playerFilters.push(`p.federation = ${param(conditions.federation)}`);
  if (conditions.club) playerFilters.push(`p.club = ${param(conditions.club)}`);
  if (conditions.birthYearFrom != null) playerFilters.push(`p.birth_year >= ${param(conditions.birthYearFrom)}`);
  if (conditions.birthYearTo != null) playerFilters.push(`p.birth_year <= ${param(conditions.birthYearTo)}`);
  where.push(...playerFilters);
  return {
    join: playerFilters.length ? 'JOIN players p ON p.id = e.player_id' : '',
    where: where.join(' AND '),
    params,
    param,
  };
}

/** How many listed players a ranking holds. */
export async function countRanking(db: Queryable, conditions: RankingConditions): Promise<number> {
  const sql = rankingSql(conditions);
  const [{ count }]: { count: number }[] = await db.query(
    `SELECT count(*)::int AS count FROM rating_list_entries e ${sql.join} WHERE ${sql.where}`,
    sql.params,
  );
  return count;
}

export interface RankingPageRequest {
  /** Rows to read (a caller asking for a page of n reads n + 1 to know whether a next page exists). */
  readonly limit: number;
  readonly position: PagePosition<RankingCursor>;
  /** Start at this rank (ignored when the position has a key). */
  readonly fromRank: number | null;
  /** The list whose ratings fill `previousRating` (null: none). */
  readonly previousListId: number | null;
}

/**
 * A page of a ranking, best first. Within a category the rankings index (list, category, rating desc, player)
 * gives the order; across categories (list, rank) does. Rank follows rating, so both orders are the same. A
 * page read backward scans the same index the other way.
 */
export async function rankingRows(
  db: Queryable,
  conditions: RankingConditions,
  page: RankingPageRequest,
): Promise<RankingRow[]> {
  const sql = rankingSql(conditions);
  const { param, params } = sql;
  const byCategory = Boolean(conditions.category);
  const { key, backward } = keysetOf(page.position);
  const order = byCategory
    ? backward
      ? 'e.rating ASC NULLS FIRST, e.player_id DESC'
      : 'e.rating DESC NULLS LAST, e.player_id'
    : backward
      ? 'e.rank DESC, e.player_id DESC'
      : 'e.rank, e.player_id';
  let keyset = '';
  if (key) {
    // Further down the ranking (forward) or further up (backward) than the key.
    const [worse, later] = backward ? ['>', '<'] : ['<', '>'];
    keyset = byCategory
      ? `AND (e.rating ${worse} ${param(key.rating)} OR (e.rating = $${params.length} AND e.player_id ${later} ${param(key.playerId)}))`
      : `AND (e.rank ${later} ${param(key.rank)} OR (e.rank = $${params.length} AND e.player_id ${later} ${param(key.playerId)}))`;
  } else if (page.fromRank !== null) {
    // Jump to a rank (a page of the ranking, or a player's place): rank follows rating in both orders.
    keyset = `AND e.rank >= ${param(page.fromRank)}`;
  }
  const rows: RankingRow[] = await db.query(
    `SELECT ${RANKING_COLUMNS}
     FROM rating_list_entries e ${sql.join}
     LEFT JOIN rating_list_entries prev ON prev.list_id = ${param(page.previousListId ?? -1)} AND prev.player_id = e.player_id AND prev.rank IS NOT NULL
     WHERE ${sql.where} ${keyset}
     ORDER BY ${order}
     LIMIT ${param(page.limit)}`,
    params,
  );
  return inListOrder(rows, backward);
}

/** The biggest rating gains of a list against `previousListId`, among players listed on both. */
export async function biggestGainRows(
  db: Queryable,
  listId: number,
  previousListId: number,
  limit: number,
): Promise<RankingRow[]> {
  return db.query(
    `SELECT ${RANKING_COLUMNS}
     FROM rating_list_entries e
     JOIN rating_list_entries prev ON prev.list_id = $2 AND prev.player_id = e.player_id AND prev.rank IS NOT NULL
     WHERE e.list_id = $1 AND e.rank IS NOT NULL AND e.rating > prev.rating
     ORDER BY e.rating - prev.rating DESC, e.rank, e.player_id
     LIMIT $3`,
    [listId, previousListId, limit],
  );
}
