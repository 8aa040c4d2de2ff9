import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Player } from './player.entity';
import { RatingList } from './rating-list.entity';
import { LIST_POOL_DATE_JOIN } from './schema';

/**
 * A player's line on a list. `poolId` and `effectiveDate` are copied from the list (kept equal by the composite
 * foreign key) so a player's history is one index range scan on (player, pool, date).
 *
 * The rankings index `ix_rating_list_entries_rankings` (list_id, category_code, rating DESC NULLS LAST, player_id)
 * is written by the migration — TypeORM cannot express DESC NULLS LAST — and declared here with
 * `synchronize: false` so the drift check expects it and leaves it alone.
 */
@Entity('rating_list_entries')
@Index('ix_rating_list_entries_rankings', { synchronize: false })
@Index('ix_rating_list_entries_list_id_rank', ['listId', 'rank', 'playerId'])
@Index('ix_rating_list_entries_history', ['playerId', 'poolId', 'effectiveDate'])
@Check('ck_rating_list_entries_rating', `"rating" >= 0`)
@Check('ck_rating_list_entries_glicko', `"glicko_rd" > 0 AND "glicko_volatility" > 0`)
@Check('ck_rating_list_entries_games', `"games_in_period" >= 0 AND "games_total" >= "games_in_period"`)
@Check('ck_rating_list_entries_k', `"k" > 0`)
@Check('ck_rating_list_entries_rank', `"rank" >= 1`)
export class RatingListEntry {
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @PrimaryColumn({ type: 'integer' })
  playerId!: number;

  @Column({ type: 'integer' })
  poolId!: number;

  @Column({ type: 'date' })
  effectiveDate!: string;

  @ManyToOne(() => RatingList, { nullable: false, onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn(LIST_POOL_DATE_JOIN)
  list?: Relation<RatingList>;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Relation<Player>;

  /** The published rating; null = not rated in this pool (yet). */
  @Column({ type: 'integer', nullable: true })
  rating!: number | null;

  /** Glicko systems: the unrounded rating, deviation and volatility the next run starts from. */
  @Column({ type: 'double precision', nullable: true })
  glickoRating!: number | null;

  @Column({ type: 'double precision', nullable: true })
  glickoRd!: number | null;

  @Column({ type: 'double precision', nullable: true })
  glickoVolatility!: number | null;

  /** As published ('~1543'); a snapshot of what the system derived, so later rule changes do not rewrite it. */
  @Column({ type: 'boolean', default: false })
  provisional!: boolean;

  @Column({ type: 'integer', default: 0 })
  gamesInPeriod!: number;

  @Column({ type: 'integer', default: 0 })
  gamesTotal!: number;

  /** K used for this player in the period (null: no games, or a system without K). */
  @Column({ type: 'double precision', nullable: true })
  k!: number | null;

  /** Rank among listed players of the list (ties share a rank). */
  @Column({ type: 'integer', nullable: true })
  rank!: number | null;

  /** Rating category for rankings ('GM', 'A', 'U1400' …, from the pool's category table). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  categoryCode!: string | null;

  /** Shown on the published list (e.g. fide: rated and at least 1400). */
  @Column({ type: 'boolean', default: false })
  listed!: boolean;

  /** Flagged inactive on this list (no games for the inactivity period). */
  @Column({ type: 'boolean', default: false })
  inactive!: boolean;

  /** The rating system's opaque carry, handed back to it on the next run; never read by SQL. */
  @Column({ type: 'jsonb', nullable: true })
  systemState!: Record<string, unknown> | null;
}
