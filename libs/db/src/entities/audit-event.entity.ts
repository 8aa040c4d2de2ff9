import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ApiKey } from './api-key.entity';
import { StaffUser } from './staff-user.entity';

/**
 * One write, who made it and what it changed. The actor is a staff user, an API key, or a label for
 * processes without either ('cli', 'seed', 'system').
 */
@Entity('audit_events')
@Index('ix_audit_events_entity', ['entityType', 'entityId', 'at'])
@Index('ix_audit_events_at', ['at'])
@Index('ix_audit_events_actor_staff_id', ['actorStaffId'])
@Check(
  'ck_audit_events_actor',
  `"actor_staff_id" IS NOT NULL OR "actor_api_key_id" IS NOT NULL OR "actor_label" IS NOT NULL`,
)
export class AuditEvent {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ type: 'integer', nullable: true })
  actorStaffId!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'actor_staff_id' })
  actorStaff?: Relation<StaffUser> | null;

  @Column({ type: 'integer', nullable: true })
  actorApiKeyId!: number | null;

  @ManyToOne(() => ApiKey, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'actor_api_key_id' })
  actorApiKey?: Relation<ApiKey> | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  actorLabel!: string | null;

  /** Verb-object, e.g. 'publishRatingList', 'importTrf', 'mergePlayers'. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  /** Entity class name, e.g. 'RatingList'. */
  @Column({ type: 'varchar', length: 64 })
  entityType!: string;

  @Column({ type: 'integer', nullable: true })
  entityId!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;

  /** The API request (or CLI run) that made the write, to correlate with logs. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;
}
