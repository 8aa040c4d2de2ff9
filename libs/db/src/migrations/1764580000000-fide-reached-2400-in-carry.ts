import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * FIDE's "a published rating reached 2400" (K 10 for ever after) was a column of every list entry, whatever
 * the pool's system; it becomes part of the fide system's own state, `system_state.reached2400`, which the
 * rating rules read and write like the rest of their carry. Published entries are immutable, so their
 * triggers are off while the flag moves.
 */
export class FideReached2400InCarry1764580000000 implements MigrationInterface {
  name = 'FideReached2400InCarry1764580000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rating_list_entries DISABLE TRIGGER USER`);
    await queryRunner.query(
      `UPDATE rating_list_entries SET system_state = coalesce(system_state, '{}'::jsonb) || '{"reached2400": true}'::jsonb
       WHERE ever_reached_2400`,
    );
    await queryRunner.query(`ALTER TABLE rating_list_entries ENABLE TRIGGER USER`);
    await queryRunner.query(`ALTER TABLE rating_list_entries DROP COLUMN ever_reached_2400`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE rating_list_entries ADD COLUMN ever_reached_2400 boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE rating_list_entries DISABLE TRIGGER USER`);
    await queryRunner.query(
      `UPDATE rating_list_entries
       SET ever_reached_2400 = true, system_state = nullif(system_state - 'reached2400', '{}'::jsonb)
       WHERE system_state ? 'reached2400'`,
    );
    await queryRunner.query(`ALTER TABLE rating_list_entries ENABLE TRIGGER USER`);
  }
}
