import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What `ratings seed-demo` was asked to build. */
export interface DemoSeedOptions {
  readonly seed: number;
  readonly players: number;
  readonly months: number;
}

/**
 * A demo federation seeded by `ratings seed-demo`: with which options, when it started and when it finished.
 * A row without `completedAt` is a seed that was interrupted (killed, crashed) or is still running: its
 * partial federation is not taken for a finished one.
 */
@Entity('demo_seeds')
@Check('ck_demo_seeds_completed_after_start', `"completed_at" IS NULL OR "completed_at" >= "started_at"`)
export class DemoSeed {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** jsonb: the seed goes up to 2^32 - 1, past `integer`, and `bigint` would come back as text. */
  @Column({ type: 'jsonb' })
  options!: DemoSeedOptions;

  @CreateDateColumn({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
