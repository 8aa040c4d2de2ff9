import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A row of a rating-list file being imported, copied in (COPY) so that matching, creating players and writing
 * the list are set-based statements over the whole file, however large, without holding it in memory. Rows
 * live only inside the import's transaction (keyed by the list being written) and are deleted before it ends.
 */
@Entity('list_import_rows')
export class ListImportRow {
  @PrimaryColumn({ type: 'integer' })
  listId!: number;

  @PrimaryColumn({ type: 'integer' })
  line!: number;

  @Column({ type: 'varchar', length: 12, nullable: true })
  fideId!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  nationalId!: string | null;

  @Column({ type: 'varchar', length: 100 })
  surname!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  givenName!: string | null;

  @Column({ type: 'char', length: 3, nullable: true })
  federation!: string | null;

  @Column({ type: 'char', length: 1, nullable: true })
  sex!: string | null;

  /** Space-separated (COPY cannot fill an array column from the bulk writer). */
  @Column({ type: 'text', default: '' })
  titles!: string;

  @Column({ type: 'smallint', nullable: true })
  birthYear!: number | null;

  @Column({ type: 'text', nullable: true })
  club!: string | null;

  @Column({ type: 'integer' })
  rating!: number;

  @Column({ type: 'integer' })
  gamesInPeriod!: number;

  @Column({ type: 'integer', nullable: true })
  gamesTotal!: number | null;

  @Column({ type: 'double precision', nullable: true })
  k!: number | null;

  @Column({ type: 'boolean', nullable: true })
  provisional!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  listed!: boolean | null;

  @Column({ type: 'boolean' })
  inactive!: boolean;

  /** Set by matching: the player of ours the row is about (null for a row the import creates a player for). */
  @Column({ type: 'integer', nullable: true })
  playerId!: number | null;

  /** FIDE_ID, NATIONAL_ID or NAME_BIRTH; null for a row the import creates a player for (or skips). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  matchedBy!: string | null;

  @Column({ type: 'text', nullable: true })
  skipReason!: string | null;
}
