import type { DataSource, EntityManager } from 'typeorm';
import type { Pool, RatingList } from '@ratings/db';
import { invalidInput } from '../errors';
import { categoryByCode } from './categories';
import { birthYearsOf, type AgeGroupCode } from './age-groups';
import { ImmutableCache } from './immutable-cache';
import { previousListId, resolveList, type ListSelector } from './lists';

type Db = DataSource | EntityManager;

export interface RankingFilters {
  category?: string | null;
  sex?: 'M' | 'F' | null;
  ageGroup?: AgeGroupCode | null;
  federation?: string | null;
  club?: string | null;
}

/** Position in a ranking: the list's rank, and the player id to break ties. */
export interface RankingKey {
  rank: number;
  rating: number;
  playerId: number;
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

export interface RankingPage {
  list: RatingList | null;
  rows: RankingRow[];
  totalCount: number;
}

/**
 * Rankings are read from published lists only, which never change: pages and counts are cached by list,
 * filters and position, so a popular page costs one lookup. Sized for a few thousand distinct pages.
 */
const pageCache = new ImmutableCache<RankingRow[]>(5_000);
const countCache = new ImmutableCache<number>(5_000);

/**
 * A page of a published list's ranking (listed players only), best first, filtered by category, sex,
 * age group, federation or club. `first + 1` rows are returned when a next page exists.
 */
export async function rankingPage(
  db: Db,
  pool: Pool,
  selector: Omit<ListSelector, 'poolId'>,
  filters: RankingFilters,
  first: number,
  after: RankingKey | null,
  fromRank: number | null = null,
): Promise<RankingPage> {
  if (fromRank !== null && (!Number.isInteger(fromRank) || fromRank < 1))
    throw invalidInput('fromRank', 'must be a rank ≥ 1');
  if (filters.category && !categoryByCode(pool, filters.category)) {
    throw invalidInput('category', `"${filters.category}" is not a category of pool ${pool.code}`);
  }
  const list = await resolveList(db, { ...selector, poolId: pool.id });
  if (!list) return { list: null, rows: [], totalCount: 0 };
  const query = rankingQuery(list, filters);
  const readCount = async () => {
    const [{ count }]: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM rating_list_entries e ${query.join} WHERE ${query.where}`,
      query.params,
    );
    return count;
  };
  const published = list.status === 'PUBLISHED';
  const [rows, totalCount] = await Promise.all([
    published
      ? pageCache.getOrCompute(JSON.stringify([list.id, filters, first, after, fromRank]), () =>
          readPage(db, list, query, first, after, fromRank),
        )
      : readPage(db, list, query, first, after, fromRank),
    published ? countCache.getOrCompute(JSON.stringify([list.id, filters]), readCount) : readCount(),
  ]);
  return { list, rows, totalCount };
}

interface RankingQuery {
  join: string;
  where: string;
  params: unknown[];
  byCategory: boolean;
}

function rankingQuery(list: RatingList, filters: RankingFilters): RankingQuery {
  const params: unknown[] = [list.id];
  const where = ['e.list_id = $1', 'e.rank IS NOT NULL'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.category) where.push(`e.category_code = ${param(filters.category)}`);
  const playerFilters: string[] = [];
  if (filters.sex) playerFilters.push(`p.sex = ${param(filters.sex)}`);
  if (filters.federation) playerFilters.push(`p.federation = ${param(filters.federation.toUpperCase())}`);
  if (filters.club) playerFilters.push(`p.club = ${param(filters.club)}`);
  if (filters.ageGroup) {
    const { from, to } = birthYearsOf(filters.ageGroup, Number(list.effectiveDate.slice(0, 4)));
    if (from !== null) playerFilters.push(`p.birth_year >= ${param(from)}`);
    if (to !== null) playerFilters.push(`p.birth_year <= ${param(to)}`);
  }
  where.push(...playerFilters);
  return {
    join: playerFilters.length ? 'JOIN players p ON p.id = e.player_id' : '',
    where: where.join(' AND '),
    params,
    byCategory: Boolean(filters.category),
  };
}

async function readPage(
  db: Db,
  list: RatingList,
  query: RankingQuery,
  first: number,
  after: RankingKey | null,
  fromRank: number | null,
): Promise<RankingRow[]> {
  const params = [...query.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Within a category, the rankings index (list, category, rating desc, player) gives the order; across
  // categories, (list, rank) does. Rank follows rating, so both orders are the same.
  const { byCategory } = query;
  const order = byCategory ? 'e.rating DESC NULLS LAST, e.player_id' : 'e.rank, e.player_id';
  let keyset = '';
  if (after) {
    keyset = byCategory
      ? `AND (e.rating < ${param(after.rating)} OR (e.rating = $${params.length} AND e.player_id > ${param(after.playerId)}))`
      : `AND (e.rank > ${param(after.rank)} OR (e.rank = $${params.length} AND e.player_id > ${param(after.playerId)}))`;
  } else if (fromRank !== null) {
    // Jump to a rank (a page of the ranking, or a player's place): rank follows rating in both orders.
    keyset = `AND e.rank >= ${param(fromRank)}`;
  }
  const previousId = await previousListId(db, list);
  return db.query(
    `SELECT e.player_id AS "playerId", e.rank, e.rating, e.provisional, e.category_code AS "categoryCode",
            e.games_total AS "gamesTotal", prev.rating AS "previousRating"
     FROM rating_list_entries e ${query.join}
     LEFT JOIN rating_list_entries prev ON prev.list_id = ${param(previousId ?? -1)} AND prev.player_id = e.player_id AND prev.rank IS NOT NULL
     WHERE ${query.where} ${keyset}
     ORDER BY ${order}
     LIMIT ${param(first + 1)}`,
    params,
  );
}

const gainsCache = new ImmutableCache<RankingRow[]>(1_000);

/** The biggest rating gains of a list against the list before it, among players listed on both. */
export async function biggestGains(db: Db, list: RatingList, first: number): Promise<RankingRow[]> {
  const read = async () => {
    const previousId = await previousListId(db, list);
    if (previousId === null) return [];
    return db.query(
      `SELECT e.player_id AS "playerId", e.rank, e.rating, e.provisional, e.category_code AS "categoryCode",
              e.games_total AS "gamesTotal", prev.rating AS "previousRating"
       FROM rating_list_entries e
       JOIN rating_list_entries prev ON prev.list_id = $2 AND prev.player_id = e.player_id AND prev.rank IS NOT NULL
       WHERE e.list_id = $1 AND e.rank IS NOT NULL AND e.rating > prev.rating
       ORDER BY e.rating - prev.rating DESC, e.rank, e.player_id
       LIMIT $3`,
      [list.id, previousId, first],
    ) as Promise<RankingRow[]>;
  };
  return list.status === 'PUBLISHED' ? gainsCache.getOrCompute(JSON.stringify([list.id, first]), read) : read();
}
