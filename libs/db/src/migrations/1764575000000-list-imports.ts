import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rating-list imports: the staging table the file's rows are copied into (matched and turned into players and
 * entries set-based, then deleted, all in the import's transaction; UNLOGGED since nothing in it outlives that
 * transaction), and the digest of the file a starting list came from, so that the same file again is known.
 */
export class ListImports1764575000000 implements MigrationInterface {
  name = 'ListImports1764575000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE list_import_rows (
        list_id integer NOT NULL,
        line integer NOT NULL,
        fide_id varchar(12),
        national_id varchar(32),
        surname varchar(100) NOT NULL,
        given_name varchar(100),
        federation char(3),
        sex char(1),
        titles text NOT NULL DEFAULT '',
        birth_year smallint,
        club text,
        rating integer NOT NULL,
        games_in_period integer NOT NULL,
        games_total integer,
        k double precision,
        provisional boolean,
        listed boolean,
        inactive boolean NOT NULL,
        player_id integer,
        matched_by varchar(16),
        skip_reason text,
        CONSTRAINT pk_list_import_rows PRIMARY KEY (list_id, line)
      )`,
    );
    await queryRunner.query(`ALTER TABLE rating_lists ADD COLUMN source_digest varchar(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rating_lists DROP COLUMN source_digest`);
    await queryRunner.query(`DROP TABLE list_import_rows`);
  }
}
