import type { EntityManager } from 'typeorm';
import type { Queryable } from './statement';

/** A pool's live ratings as aligned columns, one element per player. */
export interface LiveRatingColumns {
  playerId: Int32Array;
  officialRating: (number | null)[];
  officialProvisional: boolean[];
  rating: (number | null)[];
  provisional: boolean[];
  games: Int32Array;
  /** Each player's pending tournaments, in rating order. */
  tournamentIds: number[][];
}

/**
 * Replaces every live rating of a pool by `rows` (computed from `listId`), in two statements: the pool's rows
 * deleted, the new ones inserted from unnest arrays (the tournaments travel as one JSON array of arrays, since
 * PostgreSQL's unnest flattens multidimensional arrays).
 */
export async function replaceLiveRatings(
  manager: EntityManager,
  poolId: number,
  listId: number | null,
  rows: LiveRatingColumns,
): Promise<void> {
  await manager.query('DELETE FROM live_ratings WHERE pool_id = $1', [poolId]);
  if (rows.playerId.length === 0) return;
  await manager.query(
    `INSERT INTO live_ratings (pool_id, player_id, list_id, official_rating, official_provisional, rating, provisional, games, tournament_ids)
     SELECT $1, r.player_id, $2, r.official_rating, r.official_provisional, r.rating, r.provisional, r.games,
            ARRAY(SELECT jsonb_array_elements_text(($9::jsonb) -> (r.ordinality::int - 1))::int)
     FROM unnest($3::int[], $4::int[], $5::boolean[], $6::int[], $7::boolean[], $8::int[])
          WITH ORDINALITY AS r(player_id, official_rating, official_provisional, rating, provisional, games, ordinality)`,
    [
      poolId,
      listId,
      Array.from(rows.playerId),
      rows.officialRating,
      rows.officialProvisional,
      rows.rating,
      rows.provisional,
      Array.from(rows.games),
      JSON.stringify(rows.tournamentIds),
    ],
  );
}

export interface LiveRatingRow {
  playerId: number;
  poolId: number;
  listId: number | null;
  officialRating: number | null;
  officialProvisional: boolean;
  rating: number | null;
  provisional: boolean;
  games: number;
  tournamentIds: number[];
  computedAt: Date;
}

/** The live ratings of players (survivors' ids), in pool order. */
export async function liveRatingsOfPlayers(db: Queryable, playerIds: readonly number[]): Promise<LiveRatingRow[]> {
  return db.query(
    `SELECT player_id AS "playerId", pool_id AS "poolId", list_id AS "listId", official_rating AS "officialRating",
            official_provisional AS "officialProvisional", rating, provisional, games, tournament_ids AS "tournamentIds",
            computed_at AS "computedAt"
     FROM live_ratings WHERE player_id = ANY($1) ORDER BY pool_id`,
    [playerIds],
  );
}

/** The pools where players have a live rating. */
export async function poolsWithLiveRatingsOf(db: Queryable, playerIds: readonly number[]): Promise<number[]> {
  const rows: { poolId: number }[] = await db.query(
    'SELECT DISTINCT pool_id AS "poolId" FROM live_ratings WHERE player_id = ANY($1) ORDER BY pool_id',
    [playerIds],
  );
  return rows.map((row) => row.poolId);
}
