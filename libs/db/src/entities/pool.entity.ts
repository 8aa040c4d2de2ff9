import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Longest rating period a pool may declare (two years; FIDE lists are monthly, some federations quarterly). */
export const MAX_PERIOD_MONTHS = 24;

/**
 * A rating pool: standard, rapid, blitz, online … Tournaments, lists and ratings belong to one pool, rated by
 * one system of the rating-rules registry (`ratingSystemId` is validated by libs/core against that registry,
 * so it is a varchar and not a PG enum).
 */
@Entity('pools')
@Check('ck_pools_code', `"code" ~ '^[a-z][a-z0-9_-]*$'`)
@Check('ck_pools_period_months', `"period_months" BETWEEN 1 AND ${MAX_PERIOD_MONTHS}`)
export class Pool {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** Stable slug used in URLs and the API: 'standard', 'rapid', 'blitz', 'online'. */
  @Column({ type: 'varchar', length: 32, unique: true })
  code!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  nameFr!: string | null;

  /** Id of a rating-rules system ('fide', 'fqe', 'glicko2' …). */
  @Column({ type: 'varchar', length: 32 })
  ratingSystemId!: string;

  /** The system's parameters (validated by the system's own schema in libs/core). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  systemParams!: Record<string, unknown>;

  @Column({ type: 'smallint', default: 1 })
  periodMonths!: number;

  /** Categories for rankings when the pool does not use the rating-rules default table. */
  @Column({ type: 'jsonb', nullable: true })
  categoryTable!: unknown[] | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /**
   * Whether a TRF import gives a player the pool has never rated the rating his file writes, as a starting list
   * (`ratings import-trf --ratings-from-file`). Off by default: the pool's own lists are the only source.
   */
  @Column({ type: 'boolean', default: false })
  ratingsFromFile!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
