import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The likely duplicates of a tournament's players (same normalized name and birth year) looked up through a
 * B-tree. The trigram index also answers `player_search_name(…) = …`, and the planner rates it cheaper than it is
 * (each equality probe reads thousands of trigram entries: 8 ms a player on the demo federation's 5,000), so the
 * key is an expression of its own that only this index serves.
 */
export class PlayerDuplicateKey1764610000000 implements MigrationInterface {
  name = 'PlayerDuplicateKey1764610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION player_duplicate_key(surname text, given_name text, birth_year integer) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE
         RETURN player_search_name(surname, given_name) || '|' || birth_year::text`,
    );
    await queryRunner.query(
      `CREATE INDEX ix_players_duplicate_key ON players (player_duplicate_key(surname, given_name, birth_year))
         WHERE merged_into_id IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_players_duplicate_key`);
    await queryRunner.query(`DROP FUNCTION player_duplicate_key(text, text, integer)`);
  }
}
