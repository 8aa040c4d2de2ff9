import type { EntityManager } from 'typeorm';
import type { WebhookDeliveryStatus, WebhookEventType } from '../entities';
import type { Queryable } from './statement';

/** Queues one event for every registered webhook, in the caller's transaction; returns how many deliveries. */
export async function enqueueWebhookEvent(
  manager: EntityManager,
  event: { eventId: string; eventType: WebhookEventType; body: string },
): Promise<number> {
  const rows: { id: number }[] = await manager.query(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body)
     SELECT id, $1::uuid, $2, $3 FROM webhooks
     RETURNING id`,
    [event.eventId, event.eventType, event.body],
  );
  return rows.length;
}

/** A delivery the dispatcher took, with where it goes and how to sign it. */
export interface ClaimedDelivery {
  id: number;
  eventId: string;
  eventType: WebhookEventType;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Takes up to `limit` pending deliveries that are due, oldest first, and leases them for `leaseMs` (their next
 * attempt moves that far ahead) so another dispatcher skips them while this one sends; rows another dispatcher
 * is claiming at the same moment are skipped, not waited for. One statement: no transaction stays open while
 * the HTTP requests run, and a dispatcher that dies mid-attempt leaves its deliveries due again at the lease's end.
 */
export async function claimDueWebhookDeliveries(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  // As a CTE, so that the driver answers rows (an UPDATE's answer is [rows, count]).
  return db.query(
    `WITH claimed AS (
     UPDATE webhook_deliveries d
     SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     FROM webhooks w
     WHERE w.id = d.webhook_id AND d.id IN (
       SELECT id FROM webhook_deliveries
       WHERE status = 'PENDING' AND next_attempt_at <= now()
       ORDER BY next_attempt_at, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING d.id, d.event_id AS "eventId", d.event_type AS "eventType", d.body, d.attempts, w.url, w.secret)
     SELECT * FROM claimed ORDER BY id`,
    [limit, leaseMs],
  );
}

export interface WebhookAttemptRecord {
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Logs an attempt and moves its delivery on in one statement: `DELIVERED`, `FAILED` (no attempt left), or
 * `PENDING` again at `nextAttemptAt`.
 */
export async function recordWebhookAttempt(
  db: Queryable,
  deliveryId: number,
  attempt: WebhookAttemptRecord,
  next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
): Promise<void> {
  await db.query(
    `WITH attempt AS (
       INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, error)
       VALUES ($1, $2::timestamptz, $3, $4, $5))
     UPDATE webhook_deliveries
     SET attempts = attempts + 1, status = $6::text, next_attempt_at = coalesce($7::timestamptz, next_attempt_at),
         delivered_at = CASE WHEN $6::text = 'DELIVERED' THEN $2::timestamptz END
     WHERE id = $1`,
    [
      deliveryId,
      attempt.attemptedAt,
      attempt.statusCode,
      attempt.durationMs,
      attempt.error,
      next.status,
      next.nextAttemptAt,
    ],
  );
}

/** A webhook as staff see it: never its secret. */
export interface WebhookRow {
  id: number;
  url: string;
  createdById: number | null;
  createdAt: Date;
}

export async function webhookRows(db: Queryable): Promise<WebhookRow[]> {
  return db.query(
    `SELECT id, url, created_by_id AS "createdById", created_at AS "createdAt" FROM webhooks ORDER BY id`,
  );
}

export interface WebhookDeliveryRow {
  id: number;
  webhookId: number;
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** The latest `perWebhook` deliveries of each webhook, newest first. */
export async function webhookDeliveryRows(
  db: Queryable,
  webhookIds: readonly number[],
  perWebhook: number,
): Promise<WebhookDeliveryRow[]> {
  return db.query(
    `SELECT d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId", d.event_type AS "eventType", d.status,
            d.attempts, d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt"
     FROM unnest($1::int[]) AS w(id)
     CROSS JOIN LATERAL (
       SELECT * FROM webhook_deliveries WHERE webhook_id = w.id ORDER BY id DESC LIMIT $2) d
     ORDER BY d.webhook_id, d.id DESC`,
    [[...webhookIds], perWebhook],
  );
}

export interface WebhookAttemptRow extends WebhookAttemptRecord {
  id: number;
  deliveryId: number;
}

/** Every attempt of the deliveries, oldest first (a delivery has at most the dispatcher's bounded attempts). */
export async function webhookAttemptRows(db: Queryable, deliveryIds: readonly number[]): Promise<WebhookAttemptRow[]> {
  return db.query(
    `SELECT id, delivery_id AS "deliveryId", attempted_at AS "attemptedAt", status_code AS "statusCode",
            duration_ms AS "durationMs", error
     FROM webhook_attempts WHERE delivery_id = ANY($1::int[]) ORDER BY delivery_id, attempted_at, id`,
    [[...deliveryIds]],
  );
}
