import { createHmac } from 'node:crypto';
import {
  claimDueWebhookDeliveries,
  MAX_WEBHOOK_ERROR_LENGTH,
  recordWebhookAttempt,
  type ClaimedDelivery,
} from '@ratings/db';
import type { DataSource } from 'typeorm';

export type { ClaimedDelivery };

/** Headers of a delivery: the event's id, the signing time (Unix seconds) and `sha256=<hex HMAC>`. */
export const WEBHOOK_HEADERS = {
  eventId: 'x-ratings-event-id',
  timestamp: 'x-ratings-timestamp',
  signature: 'x-ratings-signature',
} as const;

/**
 * The signature of a delivery: HMAC-SHA256, keyed with the webhook's secret, over `<timestamp>.<raw body>`. The
 * timestamp is signed with the body so that a captured request cannot be replayed later with a fresh one; the
 * receiver refuses a timestamp too far from its clock (the scheme Stripe and Slack document).
 */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** How often and how patiently deliveries are tried. */
export interface WebhookRetryPolicy {
  /** Attempts in all, the first included; after the last failure the delivery is FAILED. */
  readonly maxAttempts: number;
  /** Wait after the first failure; each further failure doubles it. */
  readonly baseDelayMs: number;
}

/** 8 attempts over about two hours: 30 s, 1, 2, 4, 8, 16 and 32 min after each failure. */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetryPolicy = { maxAttempts: 8, baseDelayMs: 30_000 };

/** The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed: exponential backoff. */
export const retryDelayMs = (policy: WebhookRetryPolicy, attempt: number) => policy.baseDelayMs * 2 ** (attempt - 1);

/** Takes due deliveries for the dispatcher, leased for `leaseMs` (see claimDueWebhookDeliveries). */
export function claimWebhookDeliveries(db: DataSource, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return claimDueWebhookDeliveries(db, limit, leaseMs);
}

export interface WebhookAttemptOutcome {
  readonly attemptedAt: Date;
  /** The receiver's HTTP status; null when none came (refused, timed out). */
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** Null when the receiver answered 2xx. */
  readonly error: string | null;
}

/** Logs an attempt and decides what follows: delivered, retried after the backoff, or given up. */
export async function recordWebhookOutcome(
  db: DataSource,
  delivery: ClaimedDelivery,
  outcome: WebhookAttemptOutcome,
  policy: WebhookRetryPolicy,
): Promise<'DELIVERED' | 'PENDING' | 'FAILED'> {
  const attempt = delivery.attempts + 1;
  const status = outcome.error === null ? 'DELIVERED' : attempt >= policy.maxAttempts ? 'FAILED' : 'PENDING';
  await recordWebhookAttempt(
    db,
    delivery.id,
    { ...outcome, error: outcome.error?.slice(0, MAX_WEBHOOK_ERROR_LENGTH) ?? null },
    {
      status,
      nextAttemptAt:
        status === 'PENDING' ? new Date(outcome.attemptedAt.getTime() + retryDelayMs(policy, attempt)) : null,
    },
  );
  return status;
}
