import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { oneOf } from './schema';

/**
 * ADMIN manages staff and API keys; RATING_OFFICER players, tournaments, runs and lists; ARBITER (a tournament's
 * chief arbiter or organiser) enters and submits his own tournaments.
 */
export const STAFF_ROLES = ['ADMIN', 'RATING_OFFICER', 'ARBITER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Longest valid e-mail address (RFC 5321 §4.5.3.1.3: 256-octet path minus the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** A federation staff member who signs in to record tournaments and publish lists. */
@Entity('staff_users')
@Check('ck_staff_users_role', oneOf('role', STAFF_ROLES))
// Stored lowercased so the unique constraint is case-insensitive without an expression index.
@Check('ck_staff_users_email', `"email" = lower("email") AND "email" LIKE '%_@_%'`)
@Check('ck_staff_users_failed_login_count', `"failed_login_count" >= 0`)
export class StaffUser {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: MAX_EMAIL_LENGTH, unique: true })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  displayName!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: StaffRole;

  /** scrypt hash in its self-describing string form (algorithm, cost parameters, salt, key). */
  @Column({ type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'integer', default: 0 })
  failedLoginCount!: number;

  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
