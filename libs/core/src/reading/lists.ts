import { In, type DataSource, type EntityManager } from 'typeorm';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import {
  countInForceLists,
  listIdsAround,
  inForceListIdBefore,
  inForceListIds,
  listDiffRows,
  listedPlayerValues,
  listFigures,
  listIdInForceOn,
  Pool,
  ratingBuckets,
  RatingList,
  type ListDiffRow,
  type PagePosition,
} from '@ratings/db';
import { invalidInput, notFound } from '../errors';
import { ImmutableCache } from './immutable-cache';

type Db = DataSource | EntityManager;

export async function poolsByIds(db: Db, ids: readonly number[]): Promise<(Pool | null)[]> {
  const pools = await db.getRepository(Pool).findBy({ id: In([...ids]) });
  const byId = new Map(pools.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id) ?? null);
}

export async function listPools(db: Db): Promise<Pool[]> {
  return db.getRepository(Pool).find({ order: { id: 'ASC' } });
}

/** The pool with that code; NOT_FOUND when there is none (everywhere a pool is named by its code). */
export async function poolByCode(db: Db, code: string): Promise<Pool> {
  const pool = await db.getRepository(Pool).findOneBy({ code });
  if (!pool) throw notFound('pool', code);
  return pool;
}

export async function listsByIds(db: Db, ids: readonly number[]): Promise<(RatingList | null)[]> {
  const lists = await db.getRepository(RatingList).findBy({ id: In([...ids]) });
  const byId = new Map(lists.map((l) => [l.id, l]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** One formatter per time zone: making one costs about 50 µs, and the API asks the date on every request. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD) it is at `now` in a time zone: a list comes into force at the federation's midnight. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * A list published before its effective date is upcoming, not the list in force, until that date begins in the
 * federation's time zone (`date`: today there, see `dateIn`). ISO dates compare as strings.
 */
export function isUpcomingOn(list: Pick<RatingList, 'status' | 'effectiveDate'>, date: string): boolean {
  return list.status === 'PUBLISHED' && list.effectiveDate > date;
}

/** A pool's published lists as they stand on a date. */
export interface PoolListsOn {
  /** The list in force: the latest effective on or before the date, in its latest revision. */
  readonly inForce: number | null;
  /** The list published ahead of its effective date, still to come (see `isUpcomingOn`). */
  readonly upcoming: number | null;
}

/** Each pool's list in force on `date` (today in the federation's time zone) and its upcoming one, by pool id. */
export async function poolListsOn(db: Db, date: string): Promise<Map<number, PoolListsOn>> {
  return listIdsAround(db, date);
}

export interface ListSelector {
  poolId: number;
  listId?: number | null;
  /** The list in force on that date: the latest effective on or before it, in its latest revision published by then. */
  asOf?: string | null;
  /** Accept a draft `listId` (staff reviewing a run); the public only sees published lists. */
  includeDrafts?: boolean;
}

/**
 * Which list a ranking reads: the one asked for (it must belong to the pool and be published), or the one in force
 * on a date (today's is `poolListsOn`'s). Null when the pool has no published list by then.
 */
export async function resolveList(db: Db, selector: ListSelector): Promise<RatingList | null> {
  const repo = db.getRepository(RatingList);
  if (selector.listId != null && selector.asOf != null)
    throw invalidInput('asOf', 'give either list or asOf, not both');
  if (selector.listId != null) {
    const list = await repo.findOneBy({ id: selector.listId });
    if (!list || (list.status !== 'PUBLISHED' && !selector.includeDrafts))
      throw notFound('Published rating list', selector.listId);
    if (list.poolId !== selector.poolId) throw invalidInput('list', `list ${selector.listId} belongs to another pool`);
    return list;
  }
  if (selector.asOf == null) throw new Error('resolveList needs a list or a date');
  const id = await listIdInForceOn(db, selector.poolId, selector.asOf);
  return id === null ? null : repo.findOneBy({ id });
}

/** The list in force before `list` in its pool (for "change since the previous list"), or null for the first. */
export async function previousListId(
  db: Db,
  list: Pick<RatingList, 'poolId' | 'effectiveDate'>,
): Promise<number | null> {
  return inForceListIdBefore(db, list.poolId, list.effectiveDate);
}

export interface ListPageKey {
  effectiveDate: string;
  id: number;
}

/** Published lists of a pool, newest first, one per period (its latest revision); keyset pagination. */
export async function inForceListsPage(
  db: Db,
  poolId: number,
  first: number,
  position: PagePosition<ListPageKey>,
): Promise<{ rows: RatingList[]; totalCount: number }> {
  const ids = await inForceListIds(db, poolId, first + 1, position);
  const totalCount = await countInForceLists(db, poolId);
  const lists = await listsByIds(db, ids);
  return { rows: lists.filter((l): l is RatingList => l !== null), totalCount };
}

/** Every revision of a list's period, oldest first (drafts only when asked). */
export async function revisionsOf(
  db: Db,
  list: Pick<RatingList, 'poolId' | 'period'>,
  includeDrafts = false,
): Promise<RatingList[]> {
  return db.getRepository(RatingList).find({
    where: { poolId: list.poolId, period: list.period, ...(includeDrafts ? {} : { status: 'PUBLISHED' as const }) },
    order: { revision: 'ASC' },
  });
}

export interface DistributionBucket {
  from: number;
  to: number;
  count: number;
}

/** Players per bucket (`DISTRIBUTION_BUCKET_SIZE` points wide, the site's histogram) among the listed players. */
export async function listDistribution(db: Db, listId: number): Promise<DistributionBucket[]> {
  const rows = await ratingBuckets(db, listId, DISTRIBUTION_BUCKET_SIZE);
  return rows.map((r) => ({ from: r.bucket, to: r.bucket + DISTRIBUTION_BUCKET_SIZE - 1, count: r.count }));
}

export interface ListStats {
  players: number;
  listed: number;
  provisional: number;
  newPlayers: number;
  averageRating: number | null;
  medianRating: number | null;
  highestRating: number | null;
  lowestRating: number | null;
  games: number;
  tournaments: number;
}

export async function listStats(db: Db, list: RatingList, previousId: number | null): Promise<ListStats> {
  const row = await listFigures(db, list.id, previousId);
  return {
    players: list.entryCount,
    listed: row.listed,
    provisional: row.provisional,
    newPlayers: row.newPlayers,
    averageRating: row.average === null ? null : Math.round(row.average),
    medianRating: row.median === null ? null : Math.round(row.median),
    highestRating: row.highest,
    lowestRating: row.lowest,
    games: list.gameCount,
    tournaments: list.tournamentCount,
  };
}

export type { ListDiffRow };

/** What a republication changed against the revision it corrects (empty for an original list). */
export async function listDiff(db: Db, listId: number): Promise<ListDiffRow[]> {
  return listDiffRows(db, listId);
}

const choicesCache = new ImmutableCache<string[]>(200);

/** The clubs or federations of the players on a published list, for the rankings' pick lists. */
export async function listChoices(db: Db, listId: number, column: 'club' | 'federation'): Promise<string[]> {
  return choicesCache.getOrCompute(`${listId}:${column}`, () => listedPlayerValues(db, listId, column));
}

/** Most publications a pool's feed carries (a few years of monthly lists and their corrections). */
export const MAX_FEED_LISTS = 50;

/** A pool's publications, newest first: every published list and every revision that corrected one. */
export async function publishedListsOfPool(db: Db, poolId: number, limit = MAX_FEED_LISTS): Promise<RatingList[]> {
  return db.getRepository(RatingList).find({
    where: { poolId, status: 'PUBLISHED' },
    order: { publishedAt: 'DESC', id: 'DESC' },
    take: Math.min(limit, MAX_FEED_LISTS),
  });
}
