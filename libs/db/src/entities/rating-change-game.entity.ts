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
import { Game } from './game.entity';
import { Player } from './player.entity';
import { RatingChange } from './rating-change.entity';

/**
 * One game of a rating change, seen from the rated player (the breakdown FIDE shows on its calculations page).
 * `listId` is copied from the change (composite foreign key) so the immutability trigger finds a list's rows
 * without a join, and each list's rows have a partition of their own.
 */
@Entity('rating_change_games')
@Unique('uq_rating_change_games_change_id_game_id_list_id', ['changeId', 'gameId', 'listId'])
@Index('ix_rating_change_games_game_id', ['gameId'])
@Check('ck_rating_change_games_opponent_rating', `"opponent_rating_used" >= 0`)
@Check('ck_rating_change_games_score', `"score" IN (0, 0.5, 1)`)
@Check('ck_rating_change_games_expected', `"expected" BETWEEN 0 AND 1`)
export class RatingChangeGame {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  changeId!: number;

  /** Part of the key: the table is partitioned by list. */
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @ManyToOne(() => RatingChange, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'change_id', referencedColumnName: 'id' },
    { name: 'list_id', referencedColumnName: 'listId' },
  ])
  ratingChange?: Relation<RatingChange>;

  @Column({ type: 'integer' })
  gameId!: number;

  @ManyToOne(() => Game, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'game_id' })
  game?: Relation<Game>;

  @Column({ type: 'integer' })
  opponentId!: number;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'opponent_id' })
  opponent?: Relation<Player>;

  /** The opponent rating this game was rated with (null: the opponent was unrated). */
  @Column({ type: 'integer', nullable: true })
  opponentRatingUsed!: number | null;

  /** The rated player's score: 0, 0.5 or 1. */
  @Column({ type: 'double precision' })
  score!: number;

  @Column({ type: 'double precision', nullable: true })
  expected!: number | null;

  /** This game's part of the change (null where the system rates the whole event at once). */
  @Column({ type: 'double precision', nullable: true })
  change!: number | null;
}
