import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A player's profile reads his line on every list, and `rating_list_entries` has one partition per list: an
 * ad hoc statement over it is planned again each time, and planning a hundred partitions costs PostgreSQL 13–18 ms
 * against 1–3 ms of execution (the demo federation's 100 lists). PL/pgSQL keeps the plan of each statement it runs
 * for the life of the connection, so these reads are functions whose plan is made once per connection and reused
 * (`force_generic_plan`: a plan for any argument, pruning the partitions at run time). A named prepared
 * statement would do the same from the client, but not behind a transaction-pooling PgBouncer.
 *
 * The bodies are the queries `histories.ts` ran before, with `IN_FORCE_LISTS` (`lists.ts`) written out: a change
 * to either is a new migration.
 */
export class ProfileReadFunctions1764660000000 implements MigrationInterface {
  name = 'ProfileReadFunctions1764660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION player_published_pool_ids(player integer) RETURNS SETOF integer
         LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
       BEGIN
         RETURN QUERY
           SELECT DISTINCT e.pool_id FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id
           WHERE l.status = 'PUBLISHED' AND e.player_id IN (SELECT id FROM players WHERE id = player OR merged_into_id = player)
           ORDER BY e.pool_id;
       END $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION player_current_rating_rows(player_ids integer[])
         RETURNS TABLE ("playerId" integer, "poolId" integer, "listId" integer, rating integer, provisional boolean,
                        rank integer, "categoryCode" varchar, "gamesTotal" integer, listed boolean, "glickoRd" double precision)
         LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
       #variable_conflict use_column
       BEGIN
         RETURN QUERY
           WITH current_lists AS (
             SELECT DISTINCT ON (pool_id) id, pool_id FROM (
               SELECT DISTINCT ON (pool_id, period) * FROM rating_lists WHERE status = 'PUBLISHED'
               ORDER BY pool_id, period, revision DESC
             ) l ORDER BY pool_id, effective_date DESC
           )
           SELECT e.player_id, e.pool_id, e.list_id, e.rating, e.provisional, e.rank, e.category_code, e.games_total,
                  e.listed, e.glicko_rd
           FROM rating_list_entries e JOIN current_lists c ON c.id = e.list_id
           WHERE e.player_id = ANY(player_ids)
           ORDER BY e.pool_id;
       END $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION player_history_point_rows(player_ids integer[], pool_ids integer[])
         RETURNS TABLE ("poolId" integer, "listId" integer, period varchar, "effectiveDate" date, revision smallint,
                        rating integer, provisional boolean, rank integer, "categoryCode" varchar,
                        "gamesInPeriod" integer, "gamesTotal" integer, listed boolean)
         LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
       #variable_conflict use_column
       BEGIN
         RETURN QUERY
           SELECT e.pool_id, l.id, l.period, l.effective_date, l.revision, e.rating, e.provisional, e.rank,
                  e.category_code, e.games_in_period, e.games_total, e.listed
           FROM rating_list_entries e JOIN (
             SELECT DISTINCT ON (pool_id, period) * FROM rating_lists WHERE status = 'PUBLISHED'
             ORDER BY pool_id, period, revision DESC
           ) l ON l.id = e.list_id
           WHERE e.player_id = ANY(player_ids) AND e.pool_id = ANY(pool_ids)
           ORDER BY l.effective_date;
       END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION player_history_point_rows(integer[], integer[])`);
    await queryRunner.query(`DROP FUNCTION player_current_rating_rows(integer[])`);
    await queryRunner.query(`DROP FUNCTION player_published_pool_ids(integer)`);
  }
}
