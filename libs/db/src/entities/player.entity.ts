import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { FEDERATION_LENGTH, FEDERATION_PATTERN, oneOf } from './schema';

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

export const PLAYER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** Earliest plausible birth year (historical players imported with their rating history). */
export const MIN_BIRTH_YEAR = 1800;

/**
 * A player, once. Duplicates are merged by pointing the old row at the survivor (`mergedIntoId`): the old
 * row stays as an alias because published lists, which reference it, are immutable.
 *
 * Name search ignores accents and case through the expression index `ix_players_search_name_trgm`
 * (GIN trigram over `player_search_name(surname, given_name)`), written by the migration: TypeORM cannot
 * express it, so it is declared with `synchronize: false` and the drift check leaves it alone. So is
 * `ix_players_duplicate_key` (B-tree over `player_duplicate_key(surname, given_name, birth_year)` of survivors),
 * which finds the likely duplicates of a tournament's players.
 */
@Entity('players')
@Index('ix_players_search_name_trgm', { synchronize: false })
@Index('ix_players_duplicate_key', { synchronize: false })
@Check('ck_players_fide_id', `"fide_id" ~ '^[1-9][0-9]{0,11}$'`)
@Check('ck_players_sex', oneOf('sex', SEXES))
@Check('ck_players_status', oneOf('status', PLAYER_STATUSES))
@Check('ck_players_federation', `"federation" ~ '${FEDERATION_PATTERN}'`)
@Check('ck_players_birth_year', `"birth_year" BETWEEN ${MIN_BIRTH_YEAR} AND 2200`)
@Check(
  'ck_players_birth_date_matches_year',
  `"birth_date" IS NULL OR "birth_year" IS NOT DISTINCT FROM EXTRACT(YEAR FROM "birth_date")`,
)
@Check('ck_players_not_merged_into_self', `"merged_into_id" <> "id"`)
@Check('ck_players_surname_not_blank', `btrim("surname") <> ''`)
export class Player {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 32, nullable: true, unique: true })
  nationalId!: string | null;

  /** FIDE ids are digits (TRF-2026 samples have 11 of them), kept as text: they are identifiers, not numbers. */
  @Column({ type: 'varchar', length: 12, nullable: true, unique: true })
  fideId!: string | null;

  /** Accents kept as written ('Lévesque'); search goes through player_search_name(). */
  @Column({ type: 'varchar', length: 100 })
  surname!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  givenName!: string | null;

  @Column({ type: 'char', length: 1, nullable: true })
  sex!: Sex | null;

  @Column({ type: 'date', nullable: true })
  birthDate!: string | null;

  /** Known alone when the source gives only the year (TRF '1987/00/00'); equals birthDate's year when both are set. */
  @Column({ type: 'smallint', nullable: true })
  birthYear!: number | null;

  @Column({ type: 'char', length: FEDERATION_LENGTH, nullable: true })
  federation!: string | null;

  @Column({ type: 'text', nullable: true })
  club!: string | null;

  /** FIDE titles as in the TRF/FIDE lists: 'GM', 'WGM', 'IM', 'FM', 'CM', 'IA', 'FA' … */
  @Column({ type: 'varchar', length: 16, array: true, default: () => `'{}'` })
  titles!: string[];

  @Column({ type: 'varchar', length: 16, default: 'ACTIVE' })
  status!: PlayerStatus;

  /** Set when this row is an alias left by a merge: the player it was merged into. */
  @Index('ix_players_merged_into_id')
  @Column({ type: 'integer', nullable: true })
  mergedIntoId!: number | null;

  @ManyToOne(() => Player, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'merged_into_id' })
  mergedInto?: Relation<Player> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
