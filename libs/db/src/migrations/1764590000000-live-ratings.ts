import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live ratings: the unofficial rating each player of an accepted, not yet published tournament would have if
 * the pool's pending tournaments were rated on top of its latest published list. Rebuilt per pool by the
 * workflow's transactions (accept, reopen, publish, corrections); never read by rankings, exports or histories.
 */
export class LiveRatings1764590000000 implements MigrationInterface {
  name = 'LiveRatings1764590000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE live_ratings (
        pool_id integer NOT NULL,
        player_id integer NOT NULL,
        list_id integer,
        official_rating integer,
        official_provisional boolean NOT NULL,
        rating integer,
        provisional boolean NOT NULL,
        games integer NOT NULL,
        tournament_ids integer[] NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_live_ratings PRIMARY KEY (pool_id, player_id),
        CONSTRAINT fk_live_ratings_pool_id FOREIGN KEY (pool_id) REFERENCES pools (id) ON DELETE CASCADE,
        CONSTRAINT fk_live_ratings_player_id FOREIGN KEY (player_id) REFERENCES players (id) ON DELETE CASCADE,
        CONSTRAINT fk_live_ratings_list_id FOREIGN KEY (list_id) REFERENCES rating_lists (id) ON DELETE SET NULL,
        CONSTRAINT ck_live_ratings_games CHECK (games >= 0)
      )`,
    );
    await queryRunner.query(`CREATE INDEX ix_live_ratings_player_id ON live_ratings (player_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE live_ratings`);
  }
}
