import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Player } from './player.entity';
import { RatingList } from './rating-list.entity';

/**
 * For a republication (revision ≥ 1), one row per player whose line changed against the corrected revision:
 * what it was and what it became. Immutable with its list once published.
 */
@Entity('rating_list_diffs')
export class RatingListDiff {
  /** The republished revision this diff belongs to. */
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @PrimaryColumn({ type: 'integer' })
  playerId!: number;

  @ManyToOne(() => RatingList, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'list_id' })
  list?: Relation<RatingList>;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Relation<Player>;

  @Column({ type: 'integer', nullable: true })
  oldRating!: number | null;

  @Column({ type: 'integer', nullable: true })
  newRating!: number | null;

  @Column({ type: 'boolean', nullable: true })
  oldProvisional!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  newProvisional!: boolean | null;

  @Column({ type: 'integer', nullable: true })
  oldRank!: number | null;

  @Column({ type: 'integer', nullable: true })
  newRank!: number | null;
}
