import { randomUUID } from 'node:crypto';
import { enqueueWebhookEvent, type Pool, type RatingList, type WebhookEventType } from '@ratings/db';
import type { EntityManager } from 'typeorm';

/** The JSON body every webhook receives, the same bytes at every attempt. */
export interface WebhookEvent {
  /** The event's id (also the `X-Ratings-Event-Id` header): the same for every webhook, to drop repeats by. */
  readonly id: string;
  readonly type: WebhookEventType;
  /** When the publication committed its event (ISO 8601). */
  readonly createdAt: string;
  readonly data: {
    readonly list: {
      readonly id: number;
      readonly pool: string;
      readonly period: string;
      readonly effectiveDate: string;
      readonly revision: number;
      /** The revision a republication corrects (null for a first publication). */
      readonly correctsListId: number | null;
      readonly reason: string | null;
      readonly publishedAt: string | null;
      /** Paths on the API (its address is the receiver's configuration): the list in CSV and JSON. */
      readonly exports: { readonly csv: string; readonly json: string };
    };
  };
}

/**
 * Queues a publication's event for every webhook, in the publication's own transaction: the event exists exactly
 * when the publication committed, and sending it is the dispatcher's work, after the commit.
 */
export async function queuePublicationEvent(
  manager: EntityManager,
  type: WebhookEventType,
  list: RatingList,
  pool: Pool,
): Promise<number> {
  const event: WebhookEvent = {
    id: randomUUID(),
    type,
    createdAt: new Date().toISOString(),
    data: {
      list: {
        id: list.id,
        pool: pool.code,
        period: list.period,
        effectiveDate: list.effectiveDate,
        revision: list.revision,
        correctsListId: list.correctsListId,
        reason: list.reason,
        publishedAt: list.publishedAt?.toISOString() ?? null,
        exports: { csv: `/exports/lists/${list.id}.csv`, json: `/exports/lists/${list.id}.json` },
      },
    },
  };
  return enqueueWebhookEvent(manager, { eventId: event.id, eventType: type, body: JSON.stringify(event) });
}
