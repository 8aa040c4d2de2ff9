import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { oneOf } from './schema';
import { Player } from './player.entity';
import { Tournament } from './tournament.entity';

/** Results of a game over the board (the only ones that can be rated). */
export const PLAYED_RESULTS = ['1-0', '0-1', '1/2-1/2'] as const;
/** Forfeits: '+/-' white wins by forfeit, '-/+' black does, '-/-' both lose (TRF '+', '-'). */
export const FORFEIT_RESULTS = ['+/-', '-/+', '-/-'] as const;
/**
 * Byes have no black player: pairing-allocated (TRF 'U'), full-point (TRF 'F'), half-point (TRF 'H'),
 * zero-point (TRF 'Z').
 */
export const BYE_RESULTS = ['BYE_PAB', 'BYE_FULL', 'BYE_HALF', 'BYE_ZERO'] as const;
export const GAME_RESULTS = [...PLAYED_RESULTS, ...FORFEIT_RESULTS, ...BYE_RESULTS] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/**
 * One pairing of a round. Only `played` games are rated; forfeits and byes still count for standings. A game
 * with a board result can be unplayed (TRF 'W'/'D'/'L': decided before a move was made).
 */
@Entity('games')
@Index('ix_games_tournament_id_round_board', ['tournamentId', 'round', 'board'])
@Check('ck_games_result', oneOf('result', GAME_RESULTS))
@Check('ck_games_round', `"round" >= 1`)
@Check('ck_games_board', `"board" >= 1`)
@Check('ck_games_black_iff_not_bye', `("black_player_id" IS NULL) = (${oneOf('result', BYE_RESULTS)})`)
@Check('ck_games_distinct_players', `"white_player_id" <> "black_player_id"`)
@Check('ck_games_played_has_board_result', `NOT "played" OR ${oneOf('result', PLAYED_RESULTS)}`)
export class Game {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'integer' })
  tournamentId!: number;

  @ManyToOne(() => Tournament, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tournament_id' })
  tournament?: Relation<Tournament>;

  @Column({ type: 'smallint' })
  round!: number;

  @Column({ type: 'smallint', nullable: true })
  board!: number | null;

  /** The player with white, or the player receiving a bye. */
  @Index('ix_games_white_player_id')
  @Column({ type: 'integer' })
  whitePlayerId!: number;

  @ManyToOne(() => Player, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'white_player_id' })
  whitePlayer?: Relation<Player>;

  /** Null exactly for byes. */
  @Index('ix_games_black_player_id')
  @Column({ type: 'integer', nullable: true })
  blackPlayerId!: number | null;

  @ManyToOne(() => Player, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'black_player_id' })
  blackPlayer?: Relation<Player> | null;

  @Column({ type: 'varchar', length: 8 })
  result!: GameResult;

  @Column({ type: 'boolean' })
  played!: boolean;

  @Column({ type: 'date', nullable: true })
  playedOn!: string | null;
}
