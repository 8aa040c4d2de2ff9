import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
} from 'typeorm';
import { Player } from './player.entity';
import { Tournament } from './tournament.entity';

/** A player's entry in a tournament, with the start rank and rating the tournament file gave him. */
@Entity('tournament_participants')
@Unique('uq_tournament_participants_tournament_id_start_rank', ['tournamentId', 'startRank'])
@Unique('uq_tournament_participants_tournament_id_player_id', ['tournamentId', 'playerId'])
@Check('ck_tournament_participants_start_rank', `"start_rank" >= 1`)
@Check('ck_tournament_participants_rating_at_start', `"rating_at_start" >= 0`)
@Check('ck_tournament_participants_points', `"points" >= 0`)
export class TournamentParticipant {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  tournamentId!: number;

  @ManyToOne(() => Tournament, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament?: Relation<Tournament>;

  @Index('ix_tournament_participants_player_id')
  @Column({ type: 'integer' })
  playerId!: number;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id' })
  player?: Relation<Player>;

  /** The starting number in the tournament file (TRF columns 5–8). */
  @Column({ type: 'integer' })
  startRank!: number;

  /** The rating printed in the tournament file, for checking against ours; null when unrated. */
  @Column({ type: 'integer', nullable: true })
  ratingAtStart!: number | null;

  /** Tournament points (halves included), as the file reports them. */
  @Column({ type: 'double precision', nullable: true })
  points!: number | null;
}
