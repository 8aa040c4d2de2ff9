import type { Logger } from '../logger';
import type { DataSource } from 'typeorm';
import {
  claimWebhookDeliveries,
  recordWebhookOutcome,
  signWebhookBody,
  WEBHOOK_HEADERS,
  type ClaimedDelivery,
  type WebhookAttemptOutcome,
  type WebhookRetryPolicy,
} from '@ratings/core';

export interface WebhookDispatcherSettings {
  /** Pause between two looks at the outbox, in milliseconds. */
  readonly pollMs: number;
  /** Longest a receiver may take to answer, in milliseconds. */
  readonly timeoutMs: number;
  readonly retry: WebhookRetryPolicy;
}

/** Deliveries sent at once, at most: a burst of publications cannot open more connections than this. */
const BATCH = 10;

export interface WebhookDispatcher {
  /** Finishes the attempts in flight and stops looking at the outbox. */
  stop(): Promise<void>;
}

/** POSTs one delivery, signed for this attempt; the answer's body is not read (a receiver could send gigabytes). */
async function send(delivery: ClaimedDelivery, timeoutMs: number): Promise<WebhookAttemptOutcome> {
  const attemptedAt = new Date();
  const started = performance.now();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ratings-webhooks',
        [WEBHOOK_HEADERS.eventId]: delivery.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhookBody(delivery.secret, timestamp, delivery.body),
      },
      body: delivery.body,
      // A redirect would resend the signed event wherever the receiver points: answered 3xx counts as a failure.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return {
      attemptedAt,
      statusCode: response.status,
      durationMs: durationMs(),
      error: ok ? null : `HTTP ${response.status}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { attemptedAt, statusCode: null, durationMs: durationMs(), error: reason };
  }
}

/**
 * Delivers the webhook outbox from the API process: every `pollMs` it takes the due deliveries (leased, so that
 * several API processes share the work without sending one twice), POSTs them and logs each attempt; a failure
 * is retried with exponential backoff until the policy's last attempt. Publications only write the outbox, so
 * a slow or failing receiver never delays one; events the CLI publishes are picked up the same way.
 */
export function startWebhookDispatcher(
  dataSource: DataSource,
  logger: Logger,
  settings: WebhookDispatcherSettings,
): WebhookDispatcher {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const leaseMs = settings.timeoutMs + 5_000;

  const attempt = async (delivery: ClaimedDelivery) => {
    const outcome = await send(delivery, settings.timeoutMs);
    const status = await recordWebhookOutcome(dataSource, delivery, outcome, settings.retry);
    const fields = { delivery: delivery.id, event: delivery.eventId, status, http: outcome.statusCode };
    if (status === 'DELIVERED') logger.info(fields, 'webhook delivered');
    else logger.warn({ ...fields, error: outcome.error }, 'webhook attempt failed');
  };

  const tick = async () => {
    try {
      let claimed: ClaimedDelivery[];
      do {
        claimed = await claimWebhookDeliveries(dataSource, BATCH, leaseMs);
        await Promise.all(claimed.map(attempt));
      } while (claimed.length === BATCH && !stopped);
    } catch (error) {
      // The database away: the outbox keeps the events, the next tick tries again.
      logger.warn({ reason: (error as Error).message }, 'webhook dispatch skipped');
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(schedule);
    }, settings.pollMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
