import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
} from 'typeorm';
import { Player } from './player.entity';
import { RatingList } from './rating-list.entity';
import { LIST_POOL_DATE_JOIN } from './schema';
import { Tournament } from './tournament.entity';

/**
 * What one tournament did to one player's rating in a list's run (player × tournament × list), with its
 * per-game breakdown in `rating_change_games`. Pool and date are copied from the list like entries.
 */
@Entity('rating_changes')
@Unique('uq_rating_changes_list_id_player_id_tournament_id', ['listId', 'playerId', 'tournamentId'])
@Index('ix_rating_changes_history', ['playerId', 'poolId', 'effectiveDate'])
@Index('ix_rating_changes_tournament_id', ['tournamentId'])
@Check('ck_rating_changes_ratings', `"rating_before" >= 0 AND "rating_after" >= 0`)
@Check('ck_rating_changes_games', `"games" >= 0`)
@Check('ck_rating_changes_score', `"score" >= 0 AND "score" <= "games"`)
@Check('ck_rating_changes_k', `"k" > 0`)
@Check('ck_rating_changes_bonus', `"bonus" >= 0`)
export class RatingChange {
  /** BY DEFAULT: a rating run reserves ids from the sequence so its per-game rows can be COPYed with them. */
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  /** Part of the key: the table is partitioned by list (the per-game rows' foreign key names both). */
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @Column({ type: 'integer' })
  poolId!: number;

  @Column({ type: 'date' })
  effectiveDate!: string;

  @ManyToOne(() => RatingList, { nullable: false, onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn(LIST_POOL_DATE_JOIN)
  list?: Relation<RatingList>;

  @Column({ type: 'integer' })
  playerId!: number;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Relation<Player>;

  @Column({ type: 'integer' })
  tournamentId!: number;

  @ManyToOne(() => Tournament, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tournament_id' })
  tournament?: Relation<Tournament>;

  /** Null while the player was unrated. */
  @Column({ type: 'integer', nullable: true })
  ratingBefore!: number | null;

  /** Null where the system only rates per period (the list entry then holds the new rating). */
  @Column({ type: 'integer', nullable: true })
  ratingAfter!: number | null;

  /** Sum of expected scores (null where the system has none, e.g. an unrated fide player). */
  @Column({ type: 'double precision', nullable: true })
  expected!: number | null;

  @Column({ type: 'double precision' })
  score!: number;

  @Column({ type: 'integer' })
  games!: number;

  @Column({ type: 'double precision', nullable: true })
  k!: number | null;

  @Column({ type: 'double precision', default: 0 })
  bonus!: number;

  @Column({ type: 'integer', nullable: true })
  performance!: number | null;

  /** The change the tournament's games made, before any per-period rounding (null where not defined). */
  @Column({ type: 'double precision', nullable: true })
  change!: number | null;
}
