import { In, type DataSource, type EntityManager } from 'typeorm';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import { Pool, RatingList } from '@ratings/db';
import { invalidInput, notFound } from '../errors';
import { ImmutableCache } from './immutable-cache';

type Db = DataSource | EntityManager;

/**
 * The lists the public sees: for each period of a pool, the latest published revision. Earlier
 * revisions stay readable by id, with the difference each republication made.
 */
const IN_FORCE_LISTS = `
  SELECT DISTINCT ON (pool_id, period) *
  FROM rating_lists
  WHERE status = 'PUBLISHED'
  ORDER BY pool_id, period, revision DESC`;

export async function poolsByIds(db: Db, ids: readonly number[]): Promise<(Pool | null)[]> {
  const pools = await db.getRepository(Pool).findBy({ id: In([...ids]) });
  const byId = new Map(pools.map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id) ?? null);
}

export async function listPools(db: Db): Promise<Pool[]> {
  return db.getRepository(Pool).find({ order: { id: 'ASC' } });
}

export async function poolByCode(db: Db, code: string): Promise<Pool> {
  const pool = await db.getRepository(Pool).findOneBy({ code });
  if (!pool) throw invalidInput('pool', `unknown pool "${code}"`);
  return pool;
}

export async function listsByIds(db: Db, ids: readonly number[]): Promise<(RatingList | null)[]> {
  const lists = await db.getRepository(RatingList).findBy({ id: In([...ids]) });
  const byId = new Map(lists.map((l) => [l.id, l]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** The list in force now in each pool: the latest published period, in its latest revision. */
export async function currentListIdsByPool(db: Db): Promise<Map<number, number>> {
  const rows: { pool_id: number; id: number }[] = await db.query(
    `SELECT DISTINCT ON (pool_id) pool_id, id FROM (${IN_FORCE_LISTS}) l ORDER BY pool_id, effective_date DESC`,
  );
  return new Map(rows.map((r) => [r.pool_id, r.id]));
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
 * Which list a ranking reads: the one asked for (it must belong to the pool and be published), the one
 * in force on a date, or the current one. Null when the pool has no published list (yet, or by then).
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
  if (selector.asOf != null) {
    const rows: { id: number }[] = await db.query(
      `SELECT id FROM rating_lists
       WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date <= $2::date
       ORDER BY effective_date DESC, (published_at < $2::date + 1) DESC, revision DESC
       LIMIT 1`,
      [selector.poolId, selector.asOf],
    );
    return rows.length ? repo.findOneBy({ id: rows[0].id }) : null;
  }
  return repo.findOne({
    where: { poolId: selector.poolId, status: 'PUBLISHED' },
    order: { effectiveDate: 'DESC', revision: 'DESC' },
  });
}

/** The list in force before `list` in its pool (for "change since the previous list"), or null for the first. */
export async function previousListId(
  db: Db,
  list: Pick<RatingList, 'poolId' | 'effectiveDate'>,
): Promise<number | null> {
  const rows: { id: number }[] = await db.query(
    `SELECT id FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1 AND effective_date < $2 ORDER BY effective_date DESC LIMIT 1`,
    [list.poolId, list.effectiveDate],
  );
  return rows[0]?.id ?? null;
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
  after: ListPageKey | null,
): Promise<{ rows: RatingList[]; totalCount: number }> {
  const params: unknown[] = [poolId, first + 1];
  let keyset = '';
  if (after) {
    params.push(after.effectiveDate, after.id);
    keyset = 'AND (effective_date, id) < ($3::date, $4)';
  }
  const ids: { id: number }[] = await db.query(
    `SELECT id FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1 ${keyset} ORDER BY effective_date DESC, id DESC LIMIT $2`,
    params,
  );
  const [{ count }]: { count: number }[] = await db.query(
    `SELECT count(*)::int AS count FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1`,
    [poolId],
  );
  const lists = await listsByIds(
    db,
    ids.map((r) => r.id),
  );
  return { rows: lists.filter((l): l is RatingList => l !== null), totalCount: count };
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
  const rows: { bucket: number; count: number }[] = await db.query(
    `SELECT (rating / ${DISTRIBUTION_BUCKET_SIZE}) * ${DISTRIBUTION_BUCKET_SIZE} AS bucket, count(*)::int AS count
     FROM rating_list_entries WHERE list_id = $1 AND rank IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [listId],
  );
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
  const [row]: {
    listed: number;
    provisional: number;
    average: number | null;
    median: number | null;
    highest: number | null;
    lowest: number | null;
    new_players: number;
  }[] = await db.query(
    `SELECT count(*) FILTER (WHERE e.rank IS NOT NULL)::int AS listed,
            count(*) FILTER (WHERE e.rank IS NOT NULL AND e.provisional)::int AS provisional,
            avg(e.rating) FILTER (WHERE e.rank IS NOT NULL)::float8 AS average,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY e.rating) FILTER (WHERE e.rank IS NOT NULL)::float8 AS median,
            max(e.rating) FILTER (WHERE e.rank IS NOT NULL) AS highest,
            min(e.rating) FILTER (WHERE e.rank IS NOT NULL) AS lowest,
            count(*) FILTER (WHERE e.rank IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM rating_list_entries p WHERE p.list_id = $2 AND p.player_id = e.player_id AND p.rank IS NOT NULL))::int AS new_players
     FROM rating_list_entries e WHERE e.list_id = $1`,
    [list.id, previousId ?? -1],
  );
  return {
    players: list.entryCount,
    listed: row.listed,
    provisional: row.provisional,
    newPlayers: row.new_players,
    averageRating: row.average === null ? null : Math.round(row.average),
    medianRating: row.median === null ? null : Math.round(row.median),
    highestRating: row.highest,
    lowestRating: row.lowest,
    games: list.gameCount,
    tournaments: list.tournamentCount,
  };
}

export interface ListDiffRow {
  playerId: number;
  oldRating: number | null;
  newRating: number | null;
  oldProvisional: boolean | null;
  newProvisional: boolean | null;
  oldRank: number | null;
  newRank: number | null;
}

/** What a republication changed against the revision it corrects (empty for an original list). */
export async function listDiff(db: Db, listId: number): Promise<ListDiffRow[]> {
  return db.query(
    `SELECT player_id AS "playerId", old_rating AS "oldRating", new_rating AS "newRating",
            old_provisional AS "oldProvisional", new_provisional AS "newProvisional", old_rank AS "oldRank", new_rank AS "newRank"
     FROM rating_list_diffs WHERE list_id = $1 ORDER BY coalesce(new_rank, old_rank), player_id`,
    [listId],
  );
}

export { IN_FORCE_LISTS };

const choicesCache = new ImmutableCache<string[]>(200);

/** The clubs or federations of the players on a published list, for the rankings' pick lists. */
export async function listChoices(db: Db, listId: number, column: 'club' | 'federation'): Promise<string[]> {
  return choicesCache.getOrCompute(`${listId}:${column}`, async () => {
    const rows: { value: string }[] = await db.query(
      `SELECT DISTINCT p.${column} AS value FROM rating_list_entries e JOIN players p ON p.id = e.player_id
       WHERE e.list_id = $1 AND e.rank IS NOT NULL AND p.${column} IS NOT NULL ORDER BY 1`,
      [listId],
    );
    return rows.map((r) => r.value);
  });
}
