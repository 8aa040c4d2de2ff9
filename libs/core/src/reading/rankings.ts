import type { DataSource, EntityManager } from 'typeorm';
import {
  biggestGainRows,
  countRanking,
  rankingRows,
  type Pool,
  type RankingConditions,
  type RankingCursor,
  type PagePosition,
  type RankingRow,
  type RatingList,
} from '@ratings/db';
import { invalidInput } from '../errors';
import { categoryByCode } from './categories';
import { birthYearsOf, type AgeGroupCode } from './age-groups';
import { ImmutableCache } from './immutable-cache';
import { previousListId, resolveList, type ListSelector } from './lists';

type Db = DataSource | EntityManager;

export type { RankingRow };

export interface RankingFilters {
  category?: string | null;
  sex?: 'M' | 'F' | null;
  ageGroup?: AgeGroupCode | null;
  federation?: string | null;
  club?: string | null;
}

/** Position in a ranking: the list's rank, and the player id to break ties. */
export type RankingKey = RankingCursor;

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
 * age group, federation or club. `first + 1` rows are returned when a page lies beyond this one (after it, or
 * before it for a page read backward).
 */
export async function rankingPage(
  db: Db,
  pool: Pool,
  selector: Omit<ListSelector, 'poolId'>,
  filters: RankingFilters,
  first: number,
  position: PagePosition<RankingKey>,
  fromRank: number | null = null,
): Promise<RankingPage> {
  if (fromRank !== null && (!Number.isInteger(fromRank) || fromRank < 1))
    throw invalidInput('fromRank', 'must be a rank ≥ 1');
  if (fromRank !== null && 'before' in position)
    throw invalidInput('fromRank', 'starts a page read forward: not with last or before');
  if (filters.category && !categoryByCode(pool, filters.category)) {
    throw invalidInput('category', `"${filters.category}" is not a category of pool ${pool.code}`);
  }
  const list = await resolveList(db, { ...selector, poolId: pool.id });
  if (!list) return { list: null, rows: [], totalCount: 0 };
  const conditions = rankingConditions(list, filters);
  const readCount = () => countRanking(db, conditions);
  const readPage = async () =>
    rankingRows(db, conditions, {
      limit: first + 1,
      position,
      fromRank,
      previousListId: await previousListId(db, list),
    });
  const published = list.status === 'PUBLISHED';
  const [rows, totalCount] = await Promise.all([
    published
      ? pageCache.getOrCompute(JSON.stringify([list.id, filters, first, position, fromRank]), readPage)
      : readPage(),
    published ? countCache.getOrCompute(JSON.stringify([list.id, filters]), readCount) : readCount(),
  ]);
  return { list, rows, totalCount };
}

/** The filters in the database's terms: an age group becomes birth years as of the list's date. */
function rankingConditions(list: RatingList, filters: RankingFilters): RankingConditions {
  const birthYears = filters.ageGroup
    ? birthYearsOf(filters.ageGroup, Number(list.effectiveDate.slice(0, 4)))
    : { from: null, to: null };
  return {
    listId: list.id,
    category: filters.category,
    sex: filters.sex,
    federation: filters.federation?.toUpperCase(),
    club: filters.club,
    birthYearFrom: birthYears.from,
    birthYearTo: birthYears.to,
  };
}

const gainsCache = new ImmutableCache<RankingRow[]>(1_000);

/** The biggest rating gains of a list against the list before it, among players listed on both. */
export async function biggestGains(db: Db, list: RatingList, first: number): Promise<RankingRow[]> {
  const read = async () => {
    const previousId = await previousListId(db, list);
    return previousId === null ? [] : biggestGainRows(db, list.id, previousId, first);
  };
  return list.status === 'PUBLISHED' ? gainsCache.getOrCompute(JSON.stringify([list.id, first]), read) : read();
}
