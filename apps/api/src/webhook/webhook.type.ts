import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { answersAs, WebhookEventType } from '../common/enums';

export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands.',
  valuesConfig: {
    PENDING: { description: 'Waiting for its next attempt.' },
    DELIVERED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'Every attempt failed.' },
  },
});

@ObjectType({ description: 'One attempt at a delivery.' })
export class WebhookAttempt {
  @Field(() => Date, { description: 'When the request was sent.' })
  attemptedAt!: Date;

  @Field(() => Int, {
    nullable: true,
    description: 'The receiver’s HTTP status; null when none came (refused, timed out).',
  })
  statusCode!: number | null;

  @Field(() => Int, { description: 'How long the request took, in milliseconds.' })
  durationMs!: number;

  @Field(() => String, { nullable: true, description: 'What went wrong; null for a success.' })
  error!: string | null;
}

@ObjectType({ description: 'One event sent (or to send) to one webhook, with its attempts.' })
export class WebhookDelivery {
  @Field(() => ID, { description: 'The delivery’s id.' })
  id!: number;

  @Field(() => String, { description: 'The event’s id, sent in X-Ratings-Event-Id and in the body.' })
  eventId!: string;

  @Field(() => WebhookEventType.type, { description: 'What the event announces.' })
  @answersAs(WebhookEventType)
  eventType!: string;

  @Field(() => WebhookDeliveryStatus, { description: 'Where the delivery stands.' })
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far.' })
  attempts!: number;

  @Field(() => Date, { description: 'When a PENDING delivery is tried next.' })
  nextAttemptAt!: Date;

  @Field(() => Date, { description: 'When the event was queued (its publication’s commit).' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the receiver accepted it; null until then.' })
  deliveredAt!: Date | null;

  @Field(() => [WebhookAttempt], { description: 'Every attempt, oldest first.' })
  attemptLog!: WebhookAttempt[];
}

@ObjectType({
  description:
    'A receiver of publication events: each publication and republication is POSTed to its URL as JSON, signed ' +
    'with its secret (never returned).',
})
export class Webhook {
  @Field(() => ID, { description: 'The webhook’s id.' })
  id!: number;

  @Field({ description: 'Where events are POSTed (http or https).' })
  url!: string;

  @Field(() => Date, { description: 'When it was registered.' })
  createdAt!: Date;

  @Field(() => [WebhookDelivery], { description: 'The latest deliveries, newest first (the delivery log).' })
  deliveries!: WebhookDelivery[];
}
