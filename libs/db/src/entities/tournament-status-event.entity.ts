import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { MAX_REASON_LENGTH } from '@ratings/contract';
import { oneOf } from './schema';
import { StaffUser } from './staff-user.entity';
import { TOURNAMENT_STATUSES, Tournament, type TournamentStatus } from './tournament.entity';

/**
 * One step of a tournament's review (submitted, accepted, returned with a reason, reopened, rated): from which
 * status to which, by whom (a staff member, or a process's label) and when.
 */
@Entity('tournament_status_events')
@Index('ix_tournament_status_events_tournament_id_at', ['tournamentId', 'at'])
@Check('ck_tournament_status_events_from_status', oneOf('from_status', TOURNAMENT_STATUSES))
@Check('ck_tournament_status_events_to_status', oneOf('to_status', TOURNAMENT_STATUSES))
@Check('ck_tournament_status_events_changes', `"from_status" <> "to_status"`)
@Check('ck_tournament_status_events_actor', `"staff_user_id" IS NOT NULL OR "actor_label" IS NOT NULL`)
export class TournamentStatusEvent {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  tournamentId!: number;

  @ManyToOne(() => Tournament, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament?: Relation<Tournament>;

  @Column({ type: 'varchar', length: 16 })
  fromStatus!: TournamentStatus;

  @Column({ type: 'varchar', length: 16 })
  toStatus!: TournamentStatus;

  @Column({ type: 'integer', nullable: true })
  staffUserId!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'staff_user_id' })
  staffUser?: Relation<StaffUser> | null;

  /** Who acted when no staff member did ('cli', 'demo-seed'). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  actorLabel!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  /** Why it was returned (required then), or reopened. */
  @Column({ type: 'varchar', length: MAX_REASON_LENGTH, nullable: true })
  reason!: string | null;
}
