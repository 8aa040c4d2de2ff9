import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { RatingList } from './rating-list.entity';
import { Tournament } from './tournament.entity';

/**
 * The tournaments a list's run rated (including those with no rated game, e.g. all forfeits), so that
 * publishing marks exactly them RATED and a republication re-rates exactly them. Immutable with its list.
 */
@Entity('rating_list_tournaments')
@Index('ix_rating_list_tournaments_tournament_id', ['tournamentId'])
export class RatingListTournament {
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @PrimaryColumn({ type: 'integer' })
  tournamentId!: number;

  @ManyToOne(() => RatingList, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'list_id' })
  list?: Relation<RatingList>;

  @ManyToOne(() => Tournament, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tournament_id' })
  tournament?: Relation<Tournament>;
}
