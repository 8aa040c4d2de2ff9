import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { SHA256_HEX_LENGTH, SHA256_HEX_PATTERN } from './schema';
import { StaffUser } from './staff-user.entity';

/**
 * A third party's key to the public API. The secret is shown once; only its SHA-256 is kept. The public
 * prefix identifies the key in logs and in the owner's list without revealing it.
 */
@Entity('api_keys')
@Check('ck_api_keys_secret_sha256', `"secret_sha256" ~ '${SHA256_HEX_PATTERN}'`)
@Check('ck_api_keys_quota_per_minute', `"quota_per_minute" >= 1`)
export class ApiKey {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** Who the key is for, e.g. 'Chess club app (Montréal)'. */
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 16, unique: true })
  prefix!: string;

  @Column({ type: 'char', length: SHA256_HEX_LENGTH, unique: true })
  secretSha256!: string;

  @Column({ type: 'integer' })
  quotaPerMinute!: number;

  /** Null for keys made outside the API (CLI, seed). */
  @Column({ type: 'integer', nullable: true })
  createdById!: number | null;

  @ManyToOne(() => StaffUser, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: Relation<StaffUser> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
