import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { createWebhook, DEFAULT_WEBHOOK_LOG, deleteWebhook, listWebhooks } from '@ratings/core';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { Webhook } from './webhook.type';

/** Webhooks (ADMIN): registered, removed, and read with their delivery log. */
@Resolver()
export class WebhookResolver {
  @Query(() => [Webhook], {
    description: 'ADMIN only. The registered webhooks, in the order they were created, with their latest deliveries.',
  })
  webhooks(
    @Arg('deliveries', () => Int, {
      defaultValue: DEFAULT_WEBHOOK_LOG,
      description: 'How many of each webhook’s latest deliveries to return (0 to 100).',
    })
    deliveries: number,
    @Ctx() ctx: ApiContext,
  ) {
    return listWebhooks(ctx.db, { deliveries }, ctx.staff());
  }

  @Mutation(() => Webhook, {
    description:
      'ADMIN only. Registers a webhook: every publication and republication from now on is POSTed to `url` (http or ' +
      'https), signed with `secret` (16 to 200 characters; HMAC-SHA256 of "<X-Ratings-Timestamp>.<body>" in ' +
      'X-Ratings-Signature). The secret is never returned.',
  })
  async createWebhook(
    @Arg('url', { description: 'Where to POST the events: an http or https URL without credentials.' }) url: string,
    @Arg('secret', { description: 'The shared secret that signs each event (HMAC-SHA256), 16 to 200 characters.' })
    secret: string,
    @Ctx() ctx: ApiContext,
  ) {
    return { ...(await createWebhook(ctx.dataSource, { url, secret }, ctx.staff())), deliveries: [] };
  }

  @Mutation(() => ID, { description: 'ADMIN only. Removes a webhook with its pending deliveries and log; its id.' })
  async deleteWebhook(@Arg('id', () => ID, { description: 'The webhook’s id.' }) id: string, @Ctx() ctx: ApiContext) {
    return (await deleteWebhook(ctx.dataSource, { webhookId: parseId(id, 'webhook') }, ctx.staff())).id;
  }
}
