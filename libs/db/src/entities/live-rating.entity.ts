import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import { Player } from './player.entity';
import { Pool } from './pool.entity';
import { RatingList } from './rating-list.entity';

/**
 * A player's unofficial live rating in a pool: his line of the latest published list with the pool's accepted,
 * not yet published tournaments rated on top. The pool's rows are replaced together whenever that set of
 * tournaments or the list under it changes; nothing official (rankings, exports, histories) reads them.
 */
@Entity('live_ratings')
@Index('ix_live_ratings_player_id', ['playerId'])
@Check('ck_live_ratings_games', `"games" >= 0`)
export class LiveRating {
  @PrimaryColumn({ type: 'integer' })
  poolId!: number;

  @PrimaryColumn({ type: 'integer' })
  playerId!: number;

  @ManyToOne(() => Pool, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pool_id' })
  pool?: Relation<Pool>;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id' })
  player?: Relation<Player>;

  /** The published list the live rating starts from; null before the pool's first list. */
  @Column({ type: 'integer', nullable: true })
  listId!: number | null;

  @ManyToOne(() => RatingList, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'list_id' })
  list?: Relation<RatingList> | null;

  /** The rating on that list (null: not rated there). */
  @Column({ type: 'integer', nullable: true })
  officialRating!: number | null;

  @Column({ type: 'boolean' })
  officialProvisional!: boolean;

  /** After the pending tournaments (null: still unrated, e.g. too few games for a first rating). */
  @Column({ type: 'integer', nullable: true })
  rating!: number | null;

  @Column({ type: 'boolean' })
  provisional!: boolean;

  /** Games of the pending tournaments rated for him. */
  @Column({ type: 'integer' })
  games!: number;

  /** The pending tournaments he played in, in rating order. */
  @Column({ type: 'integer', array: true })
  tournamentIds!: number[];

  @CreateDateColumn({ type: 'timestamptz' })
  computedAt!: Date;
}
