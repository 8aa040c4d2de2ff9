import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A pool's choice to start players it has never rated from the ratings their TRF files write (off by default). */
export class PoolRatingsFromFile1764600000000 implements MigrationInterface {
  name = 'PoolRatingsFromFile1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE pools ADD COLUMN ratings_from_file boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE pools DROP COLUMN ratings_from_file`);
  }
}
