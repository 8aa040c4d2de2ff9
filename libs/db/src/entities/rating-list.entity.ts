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
import { oneOf } from './schema';
import { Pool } from './pool.entity';
import { StaffUser } from './staff-user.entity';

/** A list is computed as a DRAFT, reviewed, then PUBLISHED; a published list never changes again. */
export const RATING_LIST_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type RatingListStatus = (typeof RATING_LIST_STATUSES)[number];

/**
 * One rating list of a pool for one period. Revision 0 is the original; a correction is a new revision that
 * points at the revision it corrects, says why, and stores its diff (`rating_list_diffs`).
 *
 * Immutability is enforced by triggers (see the migration and README): once PUBLISHED, the list, its entries,
 * changes, per-game rows and diff refuse INSERT, UPDATE, DELETE and TRUNCATE, from any client. A list is
 * inserted as a DRAFT; DRAFT → PUBLISHED is the one update a list accepts.
 */
@Entity('rating_lists')
@Unique('uq_rating_lists_pool_id_period_revision', ['poolId', 'period', 'revision'])
// Target of the composite foreign keys that keep the pool and date copied onto entries and changes honest.
@Unique('uq_rating_lists_id_pool_id_effective_date', ['id', 'poolId', 'effectiveDate'])
@Index('ix_rating_lists_pool_id_effective_date', ['poolId', 'effectiveDate'])
@Check('ck_rating_lists_status', oneOf('status', RATING_LIST_STATUSES))
@Check('ck_rating_lists_period', `"period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)
@Check('ck_rating_lists_period_dates', `"period_end" >= "period_start"`)
@Check('ck_rating_lists_revision', `"revision" >= 0`)
@Check('ck_rating_lists_correction', `("revision" = 0) = ("corrects_list_id" IS NULL)`)
@Check('ck_rating_lists_correction_reason', `"revision" = 0 OR "reason" IS NOT NULL`)
@Check('ck_rating_lists_published_at', `("status" = 'PUBLISHED') = ("published_at" IS NOT NULL)`)
@Check(
  'ck_rating_lists_counts',
  `"entry_count" >= 0 AND "listed_count" >= 0 AND "tournament_count" >= 0 AND "game_count" >= 0`,
)
export class RatingList {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  poolId!: number;

  @ManyToOne(() => Pool, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'pool_id' })
  pool?: Relation<Pool>;

  /** The list's month, 'YYYY-MM' ('2026-11' = the November 2026 list); periodStart…periodEnd are the games it rates. */
  @Column({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'date' })
  periodStart!: string;

  @Column({ type: 'date' })
  periodEnd!: string;

  /** The date from which the list is in force (what "as of" queries compare with). */
  @Column({ type: 'date' })
  effectiveDate!: string;

  /** Tournaments ending on or before this date are rated in this list. */
  @Column({ type: 'date' })
  cutOffDate!: string;

  @Column({ type: 'varchar', length: 16, default: 'DRAFT' })
  status!: RatingListStatus;

  /** 0 = the original list; 1, 2 … = republications correcting it. */
  @Column({ type: 'smallint', default: 0 })
  revision!: number;

  /** The revision this one corrects (null for revision 0). */
  @Column({ type: 'integer', nullable: true })
  correctsListId!: number | null;

  @ManyToOne(() => RatingList, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'corrects_list_id' })
  correctsList?: Relation<RatingList> | null;

  /** Why a republication was needed (required from revision 1). */
  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  /** The system and its parameters as they were when this list was computed (the pool may change later). */
  @Column({ type: 'varchar', length: 32 })
  ratingSystemId!: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  systemParams!: Record<string, unknown>;

  /** Version of the rating rules used (e.g. the rating-rules release or the dated FIDE rule set). */
  @Column({ type: 'varchar', length: 64 })
  ruleVersion!: string;

  /** A starting list imported from a file: the file's SHA-256 (hex), so that the same file again is recognised. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sourceDigest!: string | null;

  @Column({ type: 'integer', nullable: true })
  publishedById!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'published_by_id' })
  publishedBy?: Relation<StaffUser> | null;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  /** Summary of the run, for the review screen: entries, listed players, tournaments and games rated. */
  @Column({ type: 'integer', default: 0 })
  entryCount!: number;

  @Column({ type: 'integer', default: 0 })
  listedCount!: number;

  @Column({ type: 'integer', default: 0 })
  tournamentCount!: number;

  @Column({ type: 'integer', default: 0 })
  gameCount!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
