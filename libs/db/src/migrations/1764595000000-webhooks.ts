import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: the receivers an administrator registers, the outbox of publication events to deliver to each (written
 * in the publication's transaction, delivered after it by the API), and the log of every attempt.
 */
export class Webhooks1764595000000 implements MigrationInterface {
  name = 'Webhooks1764595000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [
      `CREATE TABLE webhooks (
        id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        url varchar(2000) NOT NULL,
        secret varchar(200) NOT NULL,
        created_by_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_webhooks PRIMARY KEY (id),
        CONSTRAINT fk_webhooks_created_by_id FOREIGN KEY (created_by_id) REFERENCES staff_users (id) ON DELETE RESTRICT
      )`,
      `CREATE TABLE webhook_deliveries (
        id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        webhook_id integer NOT NULL,
        event_id uuid NOT NULL,
        event_type varchar(32) NOT NULL,
        body text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id),
        CONSTRAINT fk_webhook_deliveries_webhook_id FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE,
        CONSTRAINT ck_webhook_deliveries_status CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        CONSTRAINT ck_webhook_deliveries_event_type CHECK (event_type IN ('rating-list.published', 'rating-list.republished'))
      )`,
      `CREATE INDEX ix_webhook_deliveries_status_next_attempt_at ON webhook_deliveries (status, next_attempt_at)`,
      `CREATE INDEX ix_webhook_deliveries_webhook_id ON webhook_deliveries (webhook_id)`,
      `CREATE TABLE webhook_attempts (
        id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        delivery_id integer NOT NULL,
        attempted_at timestamptz NOT NULL,
        status_code integer,
        duration_ms integer NOT NULL,
        error varchar(500),
        CONSTRAINT pk_webhook_attempts PRIMARY KEY (id),
        CONSTRAINT fk_webhook_attempts_delivery_id FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id) ON DELETE CASCADE
      )`,
      `CREATE INDEX ix_webhook_attempts_delivery_id_attempted_at ON webhook_attempts (delivery_id, attempted_at)`,
    ]) {
      await queryRunner.query(sql);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_attempts`);
    await queryRunner.query(`DROP TABLE webhook_deliveries`);
    await queryRunner.query(`DROP TABLE webhooks`);
  }
}
