import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The demo seeds and whether each finished: a seed killed half-way left a partial federation that looked like
 * a finished one (pools present), so nothing ever completed it.
 */
export class DemoSeeds1764560000000 implements MigrationInterface {
  name = 'DemoSeeds1764560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE demo_seeds (
        id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        options jsonb NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT pk_demo_seeds PRIMARY KEY (id),
        CONSTRAINT ck_demo_seeds_completed_after_start CHECK (completed_at IS NULL OR completed_at >= started_at)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE demo_seeds`);
  }
}
