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
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { FEDERATION_LENGTH, FEDERATION_PATTERN, SHA256_HEX_LENGTH, SHA256_HEX_PATTERN, oneOf } from './schema';
import { Pool } from './pool.entity';
import { RatingList } from './rating-list.entity';
import { StaffUser } from './staff-user.entity';

export const TOURNAMENT_TYPES = [
  'SWISS',
  'ROUND_ROBIN',
  'DOUBLE_ROUND_ROBIN',
  'KNOCKOUT',
  'MATCH',
  'TEAM',
  'OTHER',
] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

/**
 * DRAFT (being entered) → SUBMITTED (waiting for the rating officer's review; returned to DRAFT with a reason, or)
 * → ACCEPTED (rated by its period's next run) → RATED (by `ratedInListId`).
 */
export const TOURNAMENT_STATUSES = ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'RATED'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Where the games came from: typed in by staff, or an imported TRF16 / TRF-2026 file. */
export const TOURNAMENT_SOURCE_FORMATS = ['MANUAL', 'TRF16', 'TRF26'] as const;
export type TournamentSourceFormat = (typeof TOURNAMENT_SOURCE_FORMATS)[number];

/**
 * A rated event. An imported file is recognised on re-import by its SHA-256 digest, unique per pool.
 */
@Entity('tournaments')
@Unique('uq_tournaments_pool_id_source_sha256', ['poolId', 'sourceSha256'])
@Index('ix_tournaments_pool_id_end_date', ['poolId', 'endDate'])
@Check('ck_tournaments_dates', `"end_date" >= "start_date"`)
@Check('ck_tournaments_rounds', `"rounds" >= 1`)
@Check('ck_tournaments_type', oneOf('type', TOURNAMENT_TYPES))
@Check('ck_tournaments_status', oneOf('status', TOURNAMENT_STATUSES))
@Check('ck_tournaments_rated_in_list', `("status" = 'RATED') = ("rated_in_list_id" IS NOT NULL)`)
@Check('ck_tournaments_federation', `"federation" ~ '${FEDERATION_PATTERN}'`)
@Check('ck_tournaments_source_format', oneOf('source_format', TOURNAMENT_SOURCE_FORMATS))
@Check('ck_tournaments_source_sha256', `"source_sha256" ~ '${SHA256_HEX_PATTERN}'`)
@Check('ck_tournaments_source_digest_iff_file', `("source_format" = 'MANUAL') = ("source_sha256" IS NULL)`)
export class Tournament {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  poolId!: number;

  @ManyToOne(() => Pool, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'pool_id' })
  pool?: Relation<Pool>;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'char', length: FEDERATION_LENGTH, nullable: true })
  federation!: string | null;

  @Column({ type: 'date' })
  startDate!: string;

  @Column({ type: 'date' })
  endDate!: string;

  @Column({ type: 'smallint' })
  rounds!: number;

  @Column({ type: 'varchar', length: 200, nullable: true })
  chiefArbiter!: string | null;

  /** As announced, e.g. '90+30' or '40/90+30/30'. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  timeControl!: string | null;

  @Column({ type: 'varchar', length: 24, default: 'SWISS' })
  type!: TournamentType;

  @Column({ type: 'varchar', length: 16, default: 'DRAFT' })
  status!: TournamentStatus;

  @Column({ type: 'varchar', length: 16, default: 'MANUAL' })
  sourceFormat!: TournamentSourceFormat;

  /** SHA-256 of the imported file's bytes (lowercase hex); null for a tournament typed in by hand. */
  @Column({ type: 'char', length: SHA256_HEX_LENGTH, nullable: true })
  sourceSha256!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  sourceFileName!: string | null;

  /**
   * What its TRF import did, as core's import wrote it (players, games, skipped lines, warnings, ratings from the
   * file); null for a tournament typed in by hand or imported before reports were kept. Not loaded with the
   * tournament (a 3,000-player file's report is large): `tournamentImportReport` reads it.
   */
  @Column({ type: 'jsonb', nullable: true, select: false })
  importReport!: Record<string, unknown> | null;

  /** The rating list whose run rated this tournament (set together with status RATED). */
  @Index('ix_tournaments_rated_in_list_id')
  @Column({ type: 'integer', nullable: true })
  ratedInListId!: number | null;

  @ManyToOne(() => RatingList, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'rated_in_list_id' })
  ratedInList?: Relation<RatingList> | null;

  /** The staff member who created it (an arbiter sees and changes only his own); null when a process did. */
  @Index('ix_tournaments_created_by_staff_id')
  @Column({ type: 'integer', nullable: true })
  createdByStaffId!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'created_by_staff_id' })
  createdByStaff?: Relation<StaffUser> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
