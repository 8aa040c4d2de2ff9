import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { oneOf } from './schema';
import { Webhook } from './webhook.entity';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_EVENT_TYPES = ['rating-list.published', 'rating-list.republished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The outbox: one event to deliver to one webhook. It is written in the transaction of the publication it tells
 * of (so it exists exactly when that publication committed) and delivered afterwards by the API's dispatcher.
 * The body is fixed when the event is queued, so every attempt sends the same bytes.
 */
@Entity('webhook_deliveries')
@Index('ix_webhook_deliveries_status_next_attempt_at', ['status', 'nextAttemptAt'])
@Index('ix_webhook_deliveries_webhook_id', ['webhookId'])
@Check('ck_webhook_deliveries_status', oneOf('status', WEBHOOK_DELIVERY_STATUSES))
@Check('ck_webhook_deliveries_event_type', oneOf('event_type', WEBHOOK_EVENT_TYPES))
export class WebhookDelivery {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  webhookId!: number;

  @ManyToOne(() => Webhook, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Relation<Webhook>;

  /** The event's id, the same for every webhook it goes to: receivers drop an id they have seen. */
  @Column({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 32 })
  eventType!: WebhookEventType;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 16, default: 'PENDING' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When the dispatcher may try it (again); while an attempt runs, the end of its lease. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}
