import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a TRF import did (players matched and created, games written, lines skipped, warnings), kept with the
 * tournament so its page can show it after the upload. Tournaments typed in by hand, and those imported before
 * reports were kept, have none.
 */
export class TournamentImportReports1764640000000 implements MigrationInterface {
  name = 'TournamentImportReports1764640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tournaments ADD COLUMN import_report jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tournaments DROP COLUMN import_report`);
  }
}
