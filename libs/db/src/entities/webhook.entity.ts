import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { StaffUser } from './staff-user.entity';

/** Longest webhook URL taken (browsers and proxies commonly stop near 2,000 characters). */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** Longest webhook secret taken. */
export const MAX_WEBHOOK_SECRET_LENGTH = 200;

/**
 * A receiver of the publication events: its URL and the secret its deliveries are signed with. The secret is
 * kept as given, since HMAC signing needs it (a hash could only verify), and the API never returns it.
 */
@Entity('webhooks')
export class Webhook {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: MAX_WEBHOOK_URL_LENGTH })
  url!: string;

  @Column({ type: 'varchar', length: MAX_WEBHOOK_SECRET_LENGTH })
  secret!: string;

  /** Null for webhooks made outside the API. */
  @Column({ type: 'integer', nullable: true })
  createdById!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: Relation<StaffUser> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
