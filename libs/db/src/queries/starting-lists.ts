import type { EntityManager } from 'typeorm';
import { listPartition } from './list-partitions';
import type { Queryable } from './statement';

/** Which of these players hold a rating on some published list of the pool (index `ix_rating_list_entries_history`). */
export async function playersRatedInPool(
  db: Queryable,
  poolId: number,
  playerIds: readonly number[],
): Promise<Set<number>> {
  const rows: { playerId: number }[] = await db.query(
    `SELECT DISTINCT e.player_id AS "playerId"
     FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id
     WHERE e.player_id = ANY($2::int[]) AND e.pool_id = $1 AND e.rating IS NOT NULL AND l.status = 'PUBLISHED'`,
    [poolId, [...playerIds]],
  );
  return new Set(rows.map((r) => r.playerId));
}

/**
 * Copies every entry of a list into a new revision of the same period (same pool and date), set-based: into the
 * revision's partition, so within `writeListPartition`' load of it.
 */
export async function copyListEntries(manager: EntityManager, fromListId: number, toListId: number): Promise<void> {
  await manager.query(
    `INSERT INTO ${listPartition('rating_list_entries', toListId)} (list_id, pool_id, effective_date, player_id, rating, glicko_rating,
       glicko_rd, glicko_volatility, provisional, games_in_period, games_total, k, rank, category_code, listed, inactive,
       system_state)
     SELECT $2, pool_id, effective_date, player_id, rating, glicko_rating, glicko_rd, glicko_volatility, provisional,
       games_in_period, games_total, k, rank, category_code, listed, inactive, system_state
     FROM rating_list_entries WHERE list_id = $1`,
    [fromListId, toListId],
  );
}

/**
 * Ranks a draft's listed players again, best rating first, equal ratings sharing a rank (1, 2, 2, 4), as a run
 * ranks them; only the rows whose rank changes are written.
 */
export async function rerankList(manager: EntityManager, listId: number): Promise<void> {
  await manager.query(
    `UPDATE rating_list_entries e SET rank = r.rank
     FROM (SELECT player_id, rank() OVER (ORDER BY rating DESC) AS rank
           FROM rating_list_entries WHERE list_id = $1 AND listed AND rating IS NOT NULL) r
     WHERE e.list_id = $1 AND e.player_id = r.player_id AND e.rank IS DISTINCT FROM r.rank`,
    [listId],
  );
}
