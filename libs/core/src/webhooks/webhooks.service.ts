import {
  MAX_WEBHOOK_SECRET_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  Webhook,
  webhookAttemptRows,
  webhookDeliveryRows,
  webhookRows,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '@ratings/db';
import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit.service';
import { authorize } from '../auth/permissions';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { groupBy } from '../common/group-by';
import { entityId, wholeNumber } from '../common/validate';
import { conflict, invalidInput, notFound } from '../errors';

/** Shortest secret taken: 16 characters, about 96 bits when random (OWASP's minimum for a shared HMAC key is 64). */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;
/** Webhooks a federation may register: each publication is one delivery per webhook. */
export const MAX_WEBHOOKS = 10;
/** Deliveries the log shows per webhook by default, and at most. */
export const DEFAULT_WEBHOOK_LOG = 20;
export const MAX_WEBHOOK_LOG = 100;

/** An absolute http or https URL without credentials in it (they would be sent to every proxy on the way). */
export function webhookUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidInput('url', 'is required');
  const text = value.trim();
  if (text.length > MAX_WEBHOOK_URL_LENGTH)
    throw invalidInput('url', `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters (got ${text.length})`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidInput('url', `"${text}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidInput('url', `must be an http or https URL (got ${url.protocol.slice(0, -1)})`);
  if (url.username !== '' || url.password !== '')
    throw invalidInput('url', 'must not hold a user name or password: the signature authenticates the sender');
  return url.href;
}

function webhookSecret(value: unknown): string {
  if (typeof value !== 'string') throw invalidInput('secret', 'is required');
  if (value.length < MIN_WEBHOOK_SECRET_LENGTH || value.length > MAX_WEBHOOK_SECRET_LENGTH)
    throw invalidInput(
      'secret',
      `must be ${MIN_WEBHOOK_SECRET_LENGTH} to ${MAX_WEBHOOK_SECRET_LENGTH} characters (got ${value.length})`,
    );
  return value;
}

const webhookView = (webhook: Webhook): WebhookRow => ({
  id: webhook.id,
  url: webhook.url,
  createdById: webhook.createdById,
  createdAt: webhook.createdAt,
});

/** Registers a webhook: every publication and republication from now on is POSTed to it, signed with the secret. */
export async function createWebhook(
  db: DataSource,
  input: { readonly url: string; readonly secret: string },
  ctx: WriteContext,
): Promise<WebhookRow> {
  authorize(ctx, 'webhooks:manage');
  const url = webhookUrl(input.url);
  const secret = webhookSecret(input.secret);
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(Webhook);
    if ((await repository.count()) >= MAX_WEBHOOKS)
      throw conflict(`${MAX_WEBHOOKS} webhooks are registered already, the most allowed: delete one first`);
    const webhook = await repository.save(
      repository.create({ url, secret, createdById: ctx.actor.kind === 'staff' ? ctx.actor.staffId : null }),
    );
    const view = webhookView(webhook);
    await recordAudit(manager, ctx, {
      action: 'createWebhook',
      entityType: 'Webhook',
      entityId: webhook.id,
      after: { url },
    });
    return view;
  });
}

/** Removes a webhook with its pending deliveries and its log. */
export async function deleteWebhook(db: DataSource, input: { readonly webhookId: number }, ctx: WriteContext) {
  authorize(ctx, 'webhooks:manage');
  const webhookId = entityId('webhookId', input.webhookId);
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(Webhook);
    const webhook = await repository.findOneBy({ id: webhookId });
    if (!webhook) throw notFound('Webhook', webhookId);
    await repository.delete({ id: webhookId });
    await recordAudit(manager, ctx, {
      action: 'deleteWebhook',
      entityType: 'Webhook',
      entityId: webhookId,
      before: { url: webhook.url },
    });
    return webhookView(webhook);
  });
}

export interface WebhookDeliveryView extends WebhookDeliveryRow {
  attemptLog: WebhookAttemptRow[];
}

export interface WebhookView extends WebhookRow {
  /** The latest deliveries, newest first, each with its attempts. */
  deliveries: WebhookDeliveryView[];
}

/** Every webhook (never its secret) with its latest `deliveries` deliveries and their attempts: three queries. */
export async function listWebhooks(
  db: DataSource | EntityManager,
  options: { readonly deliveries?: number },
  ctx: WriteContext,
): Promise<WebhookView[]> {
  authorize(ctx, 'webhooks:manage');
  const perWebhook = wholeNumber('deliveries', options.deliveries ?? DEFAULT_WEBHOOK_LOG, 0, MAX_WEBHOOK_LOG);
  const webhooks = await webhookRows(db);
  const webhookIds = webhooks.map((w) => w.id);
  const deliveries = await webhookDeliveryRows(db, webhookIds, perWebhook);
  const deliveryIds = deliveries.map((d) => d.id);
  const attempts = groupBy(deliveryIds, await webhookAttemptRows(db, deliveryIds), (a) => a.deliveryId);
  const withAttempts = deliveries.map((d, i) => ({ ...d, attemptLog: attempts[i] }));
  const byWebhook = groupBy(webhookIds, withAttempts, (d) => d.webhookId);
  return webhooks.map((w, i) => ({ ...w, deliveries: byWebhook[i] }));
}
