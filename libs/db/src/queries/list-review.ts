import { CHANGE_COLUMNS, type HistoryChangeRow } from './histories';
import { escapeLike } from './player-search';
import type { Queryable } from './statement';

/**
 * The review of a list against the list before it (`previousListId`, -1 when there is none): set-based reads
 * over both lists' entries. "Listed" is a line with a rank, as in the rankings.
 */

export interface ReviewCountsRow {
  /** Lines on the list (listed or not). */
  players: number;
  listed: number;
  provisional: number;
  /** Players with at least one rated tournament on the list. */
  rated: number;
  /** Listed now, not listed on the previous list. */
  newPlayers: number;
  /** Listed on the previous list, not now. */
  droppedPlayers: number;
  /** Listed on both, rated higher / lower / the same. */
  gained: number;
  lost: number;
  unchanged: number;
}

export async function reviewCounts(
  db: Queryable,
  listId: number,
  previousListId: number | null,
): Promise<ReviewCountsRow> {
  const [row]: ReviewCountsRow[] = await db.query(
    `WITH cur AS (SELECT player_id, rating, rank, provisional FROM rating_list_entries WHERE list_id = $1),
          prev AS (SELECT player_id, rating FROM rating_list_entries WHERE list_id = $2 AND rank IS NOT NULL),
          both_listed AS (SELECT c.rating AS now, p.rating AS before FROM cur c JOIN prev p USING (player_id) WHERE c.rank IS NOT NULL)
     SELECT (SELECT count(*)::int FROM cur) AS players,
            (SELECT count(*)::int FROM cur WHERE rank IS NOT NULL) AS listed,
            (SELECT count(*)::int FROM cur WHERE rank IS NOT NULL AND provisional) AS provisional,
            (SELECT count(DISTINCT player_id)::int FROM rating_changes WHERE list_id = $1) AS rated,
            (SELECT count(*)::int FROM cur c WHERE c.rank IS NOT NULL AND NOT EXISTS (SELECT 1 FROM prev p WHERE p.player_id = c.player_id)) AS "newPlayers",
            (SELECT count(*)::int FROM prev p WHERE NOT EXISTS (SELECT 1 FROM cur c WHERE c.player_id = p.player_id AND c.rank IS NOT NULL)) AS "droppedPlayers",
            (SELECT count(*)::int FROM both_listed WHERE now > before) AS gained,
            (SELECT count(*)::int FROM both_listed WHERE now < before) AS lost,
            (SELECT count(*)::int FROM both_listed WHERE now = before) AS unchanged`,
    [listId, previousListId ?? -1],
  );
  return row;
}

export interface ReviewBucketRow {
  /** The lowest rating of the bucket (a multiple of the bucket size). */
  bucket: number;
  count: number;
  previousCount: number;
}

/** Listed players of both lists per rating bucket of `bucketSize` points, lowest first (a bucket either list has). */
export async function reviewBuckets(
  db: Queryable,
  listId: number,
  previousListId: number | null,
  bucketSize: number,
): Promise<ReviewBucketRow[]> {
  if (!Number.isInteger(bucketSize) || bucketSize < 1)
    throw new RangeError(`bucket size must be a whole number ≥ 1 (got ${bucketSize})`);
  return db.query(
    `SELECT (rating / $3) * $3 AS bucket,
            count(*) FILTER (WHERE list_id = $1)::int AS count,
            count(*) FILTER (WHERE list_id = $2)::int AS "previousCount"
     FROM rating_list_entries WHERE list_id IN ($1, $2) AND rank IS NOT NULL
     GROUP BY 1 ORDER BY 1`,
    [listId, previousListId ?? -1, bucketSize],
  );
}

/** A player's lines on the list and on the previous one (nulls where he has none). */
export interface ReviewLineRow {
  playerId: number;
  ratingBefore: number | null;
  provisionalBefore: boolean | null;
  gamesBefore: number | null;
  rankBefore: number | null;
  ratingAfter: number | null;
  provisionalAfter: boolean | null;
  gamesAfter: number | null;
  gamesInPeriod: number | null;
  k: number | null;
  rankAfter: number | null;
  categoryCode: string | null;
}

const LINE_COLUMNS = `coalesce(e.player_id, p.player_id) AS "playerId",
            p.rating AS "ratingBefore", p.provisional AS "provisionalBefore", p.games_total AS "gamesBefore", p.rank AS "rankBefore",
            e.rating AS "ratingAfter", e.provisional AS "provisionalAfter", e.games_total AS "gamesAfter",
            e.games_in_period AS "gamesInPeriod", e.k, e.rank AS "rankAfter", e.category_code AS "categoryCode"`;

/** The players listed (rank) on both lists or on one: who moved, who is new, who dropped out. */
export type ReviewMoveKind = 'gains' | 'losses' | 'new' | 'dropped';

const MOVES: Record<ReviewMoveKind, { join: string; where: string; order: string }> = {
  gains: { join: 'JOIN', where: 'e.rating > p.rating', order: 'e.rating - p.rating DESC, e.rank' },
  losses: { join: 'JOIN', where: 'e.rating < p.rating', order: 'e.rating - p.rating ASC, e.rank' },
  new: { join: 'LEFT JOIN', where: 'p.player_id IS NULL', order: 'e.rank' },
  dropped: { join: 'RIGHT JOIN', where: 'e.player_id IS NULL', order: 'p.rank' },
};

/** The first `limit` players of a kind of move, biggest first (gains, losses) or by rank (new, dropped). */
export async function reviewMoveRows(
  db: Queryable,
  listId: number,
  previousListId: number | null,
  kind: ReviewMoveKind,
  limit: number,
): Promise<ReviewLineRow[]> {
  const move = MOVES[kind];
  return db.query(
    `SELECT ${LINE_COLUMNS}
     FROM (SELECT * FROM rating_list_entries WHERE list_id = $1 AND rank IS NOT NULL) e
     ${move.join} (SELECT * FROM rating_list_entries WHERE list_id = $2 AND rank IS NOT NULL) p ON p.player_id = e.player_id
     WHERE ${move.where}
     ORDER BY ${move.order}, coalesce(e.player_id, p.player_id)
     LIMIT $3`,
    [listId, previousListId ?? -1, limit],
  );
}

/**
 * Players with a line on the list or on the previous one whose name holds every word of `text` (accents and
 * case ignored, as the player search), best rated first.
 */
export async function reviewLinesByName(
  db: Queryable,
  listId: number,
  previousListId: number | null,
  text: string,
  limit: number,
): Promise<ReviewLineRow[]> {
  const words = text
    .split(/[\s,]+/)
    .filter((word) => word.length > 0)
    .map((word) => `%${escapeLike(word)}%`);
  if (words.length === 0) return [];
  return db.query(
    `SELECT ${LINE_COLUMNS}
     FROM (SELECT * FROM rating_list_entries WHERE list_id = $1) e
     FULL JOIN (SELECT * FROM rating_list_entries WHERE list_id = $2) p ON p.player_id = e.player_id
     JOIN players pl ON pl.id = coalesce(e.player_id, p.player_id)
     WHERE player_search_name(pl.surname, pl.given_name) LIKE ALL (SELECT immutable_unaccent(lower(w)) FROM unnest($3::text[]) w)
     ORDER BY coalesce(e.rating, p.rating) DESC NULLS LAST, pl.surname, pl.id
     LIMIT $4`,
    [listId, previousListId ?? -1, words, limit],
  );
}

/** One player's lines on the list and on the previous one; null when he is on neither. */
export async function reviewLineOf(
  db: Queryable,
  listId: number,
  previousListId: number | null,
  playerId: number,
): Promise<ReviewLineRow | null> {
  const rows: ReviewLineRow[] = await db.query(
    `SELECT ${LINE_COLUMNS}
     FROM (SELECT * FROM rating_list_entries WHERE list_id = $1 AND player_id = $3) e
     FULL JOIN (SELECT * FROM rating_list_entries WHERE list_id = $2 AND player_id = $3) p ON p.player_id = e.player_id`,
    [listId, previousListId ?? -1, playerId],
  );
  return rows[0] ?? null;
}

/** A player's rating changes on one list (drafts included), in the order the run rated them. */
export async function listChangeRowsOf(db: Queryable, listId: number, playerId: number): Promise<HistoryChangeRow[]> {
  return db.query(
    `SELECT ${CHANGE_COLUMNS}
     FROM rating_changes c JOIN tournaments t ON t.id = c.tournament_id
     WHERE c.list_id = $1 AND c.player_id = $2
     ORDER BY t.end_date, t.id`,
    [listId, playerId],
  );
}
