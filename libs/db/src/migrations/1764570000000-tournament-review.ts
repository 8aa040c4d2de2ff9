import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tournament review: the ARBITER role, who created each tournament, the ACCEPTED status between SUBMITTED and
 * RATED, and the history of each tournament's status. Tournaments already SUBMITTED were an officer's, whose
 * submission is now accepted at once: they become ACCEPTED.
 *
 * down() refuses while ARBITER accounts exist: every role before this migration (ADMIN, RATING_OFFICER) gives
 * more rights than an arbiter's, so mapping them silently would hand arbiters the rating officer's powers. An
 * administrator changes (and, if they should lose access, deactivates) those accounts first. An arbiter's
 * submission still waiting for review goes back to DRAFT (before review, SUBMITTED meant "rate it at the next
 * run"), and ACCEPTED becomes that SUBMITTED again.
 */
export class TournamentReview1764570000000 implements MigrationInterface {
  name = 'TournamentReview1764570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [
      `ALTER TABLE staff_users DROP CONSTRAINT ck_staff_users_role`,
      `ALTER TABLE staff_users ADD CONSTRAINT ck_staff_users_role CHECK (role IN ('ADMIN', 'RATING_OFFICER', 'ARBITER'))`,
      `ALTER TABLE tournaments DROP CONSTRAINT ck_tournaments_status`,
      `UPDATE tournaments SET status = 'ACCEPTED' WHERE status = 'SUBMITTED'`,
      `ALTER TABLE tournaments ADD CONSTRAINT ck_tournaments_status CHECK (status IN ('DRAFT', 'SUBMITTED', 'ACCEPTED', 'RATED'))`,
      `ALTER TABLE tournaments ADD COLUMN created_by_staff_id integer,
         ADD CONSTRAINT fk_tournaments_created_by_staff_id FOREIGN KEY (created_by_staff_id) REFERENCES staff_users (id) ON DELETE RESTRICT`,
      `CREATE INDEX ix_tournaments_created_by_staff_id ON tournaments (created_by_staff_id)`,
      `CREATE TABLE tournament_status_events (
        id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        tournament_id integer NOT NULL,
        from_status varchar(16) NOT NULL,
        to_status varchar(16) NOT NULL,
        staff_user_id integer,
        actor_label varchar(100),
        at timestamptz NOT NULL DEFAULT now(),
        reason varchar(2000),
        CONSTRAINT pk_tournament_status_events PRIMARY KEY (id),
        CONSTRAINT fk_tournament_status_events_tournament_id FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE,
        CONSTRAINT fk_tournament_status_events_staff_user_id FOREIGN KEY (staff_user_id) REFERENCES staff_users (id) ON DELETE RESTRICT,
        CONSTRAINT ck_tournament_status_events_from_status CHECK (from_status IN ('DRAFT', 'SUBMITTED', 'ACCEPTED', 'RATED')),
        CONSTRAINT ck_tournament_status_events_to_status CHECK (to_status IN ('DRAFT', 'SUBMITTED', 'ACCEPTED', 'RATED')),
        CONSTRAINT ck_tournament_status_events_changes CHECK (from_status <> to_status),
        CONSTRAINT ck_tournament_status_events_actor CHECK (staff_user_id IS NOT NULL OR actor_label IS NOT NULL)
      )`,
      `CREATE INDEX ix_tournament_status_events_tournament_id_at ON tournament_status_events (tournament_id, at)`,
    ]) {
      await queryRunner.query(sql);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const arbiters: { email: string }[] = await queryRunner.query(
      `SELECT email FROM staff_users WHERE role = 'ARBITER' ORDER BY email`,
    );
    if (arbiters.length > 0) {
      throw new Error(
        `cannot revert the tournament review: ${arbiters.length} staff account(s) have the ARBITER role, which did not ` +
          `exist before (${arbiters.map((a) => a.email).join(', ')}). Give them another role first ` +
          `(and deactivate those who should lose access): no earlier role is as narrow as an arbiter's.`,
      );
    }
    for (const sql of [
      `DROP TABLE tournament_status_events`,
      `ALTER TABLE tournaments DROP COLUMN created_by_staff_id`,
      `ALTER TABLE tournaments DROP CONSTRAINT ck_tournaments_status`,
      `UPDATE tournaments SET status = 'DRAFT' WHERE status = 'SUBMITTED'`,
      `UPDATE tournaments SET status = 'SUBMITTED' WHERE status = 'ACCEPTED'`,
      `ALTER TABLE tournaments ADD CONSTRAINT ck_tournaments_status CHECK (status IN ('DRAFT', 'SUBMITTED', 'RATED'))`,
      `ALTER TABLE staff_users DROP CONSTRAINT ck_staff_users_role`,
      `ALTER TABLE staff_users ADD CONSTRAINT ck_staff_users_role CHECK (role IN ('ADMIN', 'RATING_OFFICER'))`,
    ]) {
      await queryRunner.query(sql);
    }
  }
}
