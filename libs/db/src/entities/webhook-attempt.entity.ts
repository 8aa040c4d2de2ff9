import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';

/** Longest error kept for an attempt. */
export const MAX_WEBHOOK_ERROR_LENGTH = 500;

/** One attempt at a delivery: when, the receiver's HTTP status (null when none came), how long, what went wrong. */
@Entity('webhook_attempts')
@Index('ix_webhook_attempts_delivery_id_attempted_at', ['deliveryId', 'attemptedAt'])
export class WebhookAttempt {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  deliveryId!: number;

  @ManyToOne(() => WebhookDelivery, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Relation<WebhookDelivery>;

  @Column({ type: 'timestamptz' })
  attemptedAt!: Date;

  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'integer' })
  durationMs!: number;

  /** Null for a success. */
  @Column({ type: 'varchar', length: MAX_WEBHOOK_ERROR_LENGTH, nullable: true })
  error!: string | null;
}
