import { inListOrder, keysetOf, orderFor, type PagePosition } from './keyset';
import type { Queryable } from './statement';

/**
 * The lists the public sees: for each period of a pool, the latest published revision. Earlier
 * revisions stay readable by id, with the difference each republication made. The profile's read functions
 * (migration ProfileReadFunctions1764660000000) hold a copy: a change here is a migration there too.
 */
export const IN_FORCE_LISTS = `
  SELECT DISTINCT ON (pool_id, period) *
  FROM rating_lists
  WHERE status = 'PUBLISHED'
  ORDER BY pool_id, period, revision DESC`;

/**
 * Each pool's lists around `date` (in their latest revision): the one in force (the latest effective on or before
 * it) and the upcoming one (the first effective after it, published ahead of its date), by pool id.
 */
export async function listIdsAround(
  db: Queryable,
  date: string,
): Promise<Map<number, { inForce: number | null; upcoming: number | null }>> {
  const rows: { pool_id: number; in_force: number | null; upcoming: number | null }[] = await db.query(
    `SELECT pool_id,
            (array_agg(id ORDER BY effective_date DESC) FILTER (WHERE effective_date <= $1::date))[1] AS in_force,
            (array_agg(id ORDER BY effective_date) FILTER (WHERE effective_date > $1::date))[1] AS upcoming
       FROM (${IN_FORCE_LISTS}) l
      GROUP BY pool_id`,
    [date],
  );
  return new Map(rows.map((r) => [r.pool_id, { inForce: r.in_force, upcoming: r.upcoming }]));
}

/** The list in force on `date` in a pool: the latest effective by then, in its latest revision published by then. */
export async function listIdInForceOn(db: Queryable, poolId: number, date: string): Promise<number | null> {
  const rows: { id: number }[] = await db.query(
    `SELECT id FROM rating_lists
     WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date <= $2::date
     ORDER BY effective_date DESC, (published_at < $2::date + 1) DESC, revision DESC
     LIMIT 1`,
    [poolId, date],
  );
  return rows[0]?.id ?? null;
}

/** The in-force list of a pool effective last before `effectiveDate`, or null. */
export async function inForceListIdBefore(
  db: Queryable,
  poolId: number,
  effectiveDate: string,
): Promise<number | null> {
  const rows: { id: number }[] = await db.query(
    `SELECT id FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1 AND effective_date < $2 ORDER BY effective_date DESC LIMIT 1`,
    [poolId, effectiveDate],
  );
  return rows[0]?.id ?? null;
}

export interface InForceListCursor {
  readonly effectiveDate: string;
  readonly id: number;
}

/** Ids of a pool's in-force lists, newest first, after `after` (keyset). */
export async function inForceListIds(
  db: Queryable,
  poolId: number,
  limit: number,
  position: PagePosition<InForceListCursor>,
): Promise<number[]> {
  const params: unknown[] = [poolId, limit];
  const { key, backward } = keysetOf(position);
  let keyset = '';
  if (key) {
    params.push(key.effectiveDate, key.id);
    keyset = `AND (effective_date, id) ${backward ? '>' : '<'} ($3::date, $4)`;
  }
  const order = orderFor('DESC', backward);
  const rows: { id: number }[] = await db.query(
    `SELECT id FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1 ${keyset} ORDER BY effective_date ${order}, id ${order} LIMIT $2`,
    params,
  );
  return inListOrder(rows, backward).map((r) => r.id);
}

export async function countInForceLists(db: Queryable, poolId: number): Promise<number> {
  const [{ count }]: { count: number }[] = await db.query(
    `SELECT count(*)::int AS count FROM (${IN_FORCE_LISTS}) l WHERE pool_id = $1`,
    [poolId],
  );
  return count;
}

export interface RatingBucketRow {
  /** The lowest rating of the bucket (a multiple of the bucket size). */
  bucket: number;
  count: number;
}

/** Listed players of a list per rating bucket of `bucketSize` points, lowest first. */
export async function ratingBuckets(db: Queryable, listId: number, bucketSize: number): Promise<RatingBucketRow[]> {
  if (!Number.isInteger(bucketSize) || bucketSize < 1)
    throw new RangeError(`bucket size must be a whole number ≥ 1 (got ${bucketSize})`);
  return db.query(
    `SELECT (rating / ${bucketSize}) * ${bucketSize} AS bucket, count(*)::int AS count
     FROM rating_list_entries WHERE list_id = $1 AND rank IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [listId],
  );
}

export interface ListFiguresRow {
  listed: number;
  provisional: number;
  average: number | null;
  median: number | null;
  highest: number | null;
  lowest: number | null;
  /** Listed players who were not listed on the previous list. */
  newPlayers: number;
}

/** Figures over the listed players of a list, against `previousListId` (null: every listed player is new). */
export async function listFigures(
  db: Queryable,
  listId: number,
  previousListId: number | null,
): Promise<ListFiguresRow> {
  const [row]: ListFiguresRow[] = await db.query(
    `SELECT count(*) FILTER (WHERE e.rank IS NOT NULL)::int AS listed,
            count(*) FILTER (WHERE e.rank IS NOT NULL AND e.provisional)::int AS provisional,
            avg(e.rating) FILTER (WHERE e.rank IS NOT NULL)::float8 AS average,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY e.rating) FILTER (WHERE e.rank IS NOT NULL)::float8 AS median,
            max(e.rating) FILTER (WHERE e.rank IS NOT NULL) AS highest,
            min(e.rating) FILTER (WHERE e.rank IS NOT NULL) AS lowest,
            count(*) FILTER (WHERE e.rank IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM rating_list_entries p WHERE p.list_id = $2 AND p.player_id = e.player_id AND p.rank IS NOT NULL))::int AS "newPlayers"
     FROM rating_list_entries e WHERE e.list_id = $1`,
    [listId, previousListId ?? -1],
  );
  return row;
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
export async function listDiffRows(db: Queryable, listId: number): Promise<ListDiffRow[]> {
  return db.query(
    `SELECT player_id AS "playerId", old_rating AS "oldRating", new_rating AS "newRating",
            old_provisional AS "oldProvisional", new_provisional AS "newProvisional", old_rank AS "oldRank", new_rank AS "newRank"
     FROM rating_list_diffs WHERE list_id = $1 ORDER BY coalesce(new_rank, old_rank), player_id`,
    [listId],
  );
}

/** The distinct clubs or federations of a list's listed players, sorted. */
export async function listedPlayerValues(
  db: Queryable,
  listId: number,
  column: 'club' | 'federation',
): Promise<string[]> {
  const rows: { value: string }[] = await db.query(
    `SELECT DISTINCT p.${column} AS value FROM rating_list_entries e JOIN players p ON p.id = e.player_id
     WHERE e.list_id = $1 AND e.rank IS NOT NULL AND p.${column} IS NOT NULL ORDER BY 1`,
    [listId],
  );
  return rows.map((r) => r.value);
}

/** The ratings a list gives some players: player id → rating (players it does not rate are absent). */
export async function listRatingsOf(
  db: Queryable,
  listId: number,
  playerIds: readonly number[],
): Promise<Map<number, number>> {
  const rows: { playerId: number; rating: number }[] = await db.query(
    `SELECT player_id AS "playerId", rating FROM rating_list_entries
     WHERE list_id = $1 AND player_id = ANY($2::int[]) AND rating IS NOT NULL`,
    [listId, [...playerIds]],
  );
  return new Map(rows.map((r) => [r.playerId, r.rating]));
}
