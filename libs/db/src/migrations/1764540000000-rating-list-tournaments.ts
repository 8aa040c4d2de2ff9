import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which tournaments each list's run rated. Guarded like the list's other rows: once the list is published,
 * the table refuses INSERT, UPDATE, DELETE and TRUNCATE (functions from the initial schema).
 */
export class RatingListTournaments1764540000000 implements MigrationInterface {
  name = 'RatingListTournaments1764540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [
      `CREATE TABLE rating_list_tournaments (
        list_id integer NOT NULL,
        tournament_id integer NOT NULL,
        CONSTRAINT pk_rating_list_tournaments PRIMARY KEY (list_id, tournament_id),
        CONSTRAINT fk_rating_list_tournaments_list_id FOREIGN KEY (list_id) REFERENCES rating_lists (id) ON DELETE CASCADE,
        CONSTRAINT fk_rating_list_tournaments_tournament_id FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE RESTRICT
      )`,
      `CREATE INDEX ix_rating_list_tournaments_tournament_id ON rating_list_tournaments (tournament_id)`,
      `CREATE TRIGGER guard_published_insert AFTER INSERT ON rating_list_tournaments
         REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
      `CREATE TRIGGER guard_published_update AFTER UPDATE ON rating_list_tournaments
         REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
      `CREATE TRIGGER guard_published_delete AFTER DELETE ON rating_list_tournaments
         REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_list_rows_guard_published()`,
      `CREATE TRIGGER guard_published_truncate BEFORE TRUNCATE ON rating_list_tournaments
         FOR EACH STATEMENT EXECUTE FUNCTION rating_lists_guard_truncate()`,
    ]) {
      await queryRunner.query(sql);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rating_list_tournaments`);
  }
}
