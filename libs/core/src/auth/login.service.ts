import { randomBytes } from 'node:crypto';
import { recordLoginFailure, recordLoginSuccess, StaffUser } from '@ratings/db';
import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit.service';
import { clientAddress } from '../common/client-address';
import { runTransaction } from '../common/database';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password';
import { wholeNumber } from '../common/validate';
import { DEFAULT_TOKEN_TTL_SECONDS, checkSecret, signStaffToken, unauthenticated } from './staff-token';
import { staffUserView, type StaffUserView } from './staff-users.service';

/**
 * Throttling of failed logins (OWASP Authentication Cheat Sheet, "Login Throttling"): the first failures are
 * free, then each further one locks the account for twice as long as the one before, up to a quarter hour.
 * Attempts while locked are refused without counting, so an attacker cannot extend a victim's lock forever.
 */
export const FREE_FAILED_LOGINS = 3;
export const FIRST_LOCK_SECONDS = 1;
export const MAX_LOCK_SECONDS = 15 * 60;

/**
 * One answer for every refusal (unknown e-mail, wrong password, locked, deactivated), so the answer does not
 * tell whether an account exists.
 */
export const LOGIN_REFUSED_MESSAGE =
  'wrong e-mail or password, or too many failed attempts: check them and try again in a few minutes';

/** Longest session a token may grant: a week (a stolen token must not outlive its usefulness by much). */
export const MAX_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface LoginOptions {
  /** The client's address, recorded in the audit trail (anything but an IP address is recorded as unknown). */
  readonly ip: string | null;
  /** The HMAC secret that signs tokens (at least 32 characters). */
  readonly secret: string;
  readonly ttlSeconds?: number;
  readonly now?: Date;
  readonly requestId?: string | null;
}

export interface LoginResult {
  readonly token: string;
  readonly expiresAt: Date;
  readonly staffUser: StaffUserView;
}

/** Seconds an account is locked after its `failures`-th consecutive failure (0 while still free). */
export function lockSecondsAfter(failures: number): number {
  if (failures <= FREE_FAILED_LOGINS) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILED_LOGINS - 1));
}

/**
 * Signs a staff member in: checks the password (in constant time, and with the same scrypt work for an
 * unknown e-mail), counts failures and locks the account with a growing delay, and returns a signed token.
 * Every refusal is the same UNAUTHENTICATED error; failures on existing accounts are audited. When too many
 * sign-ins are being hashed at once, it is RATE_LIMITED at once instead.
 *
 * The slow hash runs with no connection or lock held (a flood of attempts must not starve other queries); a
 * short transaction then re-reads the account under its row lock and records the outcome, so concurrent
 * failures are each counted once, from the account as it is by then.
 */
export async function login(
  db: DataSource,
  email: string,
  password: string,
  options: LoginOptions,
): Promise<LoginResult> {
  checkSecret(options.secret);
  const ttlSeconds = wholeNumber(
    'ttlSeconds',
    options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    60,
    MAX_TOKEN_TTL_SECONDS,
  );
  const now = options.now ?? new Date();
  const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
  const given = typeof password === 'string' ? password : '';
  const audited = { ...options, ip: clientAddress(options.ip) };
  const user = address === '' ? null : await db.getRepository(StaffUser).findOneBy({ email: address });
  // Hash even when there is no account or it is locked: the response time must not tell them apart.
  const matches = await verifyPassword(given, user?.passwordHash ?? (await dummyHash()));
  const rehashed =
    user !== null && matches && needsRehash(user.passwordHash)
      ? await hashPassword(given, DEFAULT_SCRYPT_PARAMS)
      : null;
  const outcome =
    user === null
      ? null
      : await runTransaction(db, async (manager) => {
          const current = await manager
            .getRepository(StaffUser)
            .findOne({ where: { id: user.id }, lock: { mode: 'pessimistic_write' } });
          if (!current || !current.active) return null;
          if (current.lockedUntil !== null && current.lockedUntil.getTime() > now.getTime()) return null;
          // The password changed while this attempt was being hashed: it was checked against the old one.
          if (current.passwordHash !== user.passwordHash) return null;
          if (!matches) {
            await recordFailure(manager, current, now, audited);
            return null;
          }
          return recordSuccess(manager, current, rehashed ?? current.passwordHash, now, audited);
        });
  if (outcome === null) throw unauthenticated(LOGIN_REFUSED_MESSAGE, 'BAD_CREDENTIALS');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  return {
    token: signStaffToken({ staffId: outcome.id, role: outcome.role, expiresAt }, options.secret),
    expiresAt,
    staffUser: outcome,
  };
}

async function recordFailure(manager: EntityManager, user: StaffUser, now: Date, options: LoginOptions): Promise<void> {
  const failures = user.failedLoginCount + 1;
  const lock = lockSecondsAfter(failures);
  const lockedUntil = lock === 0 ? null : new Date(now.getTime() + lock * 1000);
  await recordLoginFailure(manager, user.id, failures, lockedUntil);
  // Nobody is signed in yet: the attempt is recorded under the address it came from.
  await recordAudit(
    manager,
    {
      actor: { kind: 'system', label: `login from ${options.ip ?? 'unknown address'}` },
      requestId: options.requestId,
    },
    {
      action: 'failLogin',
      entityType: 'StaffUser',
      entityId: user.id,
      before: { failedLoginCount: user.failedLoginCount },
      after: { failedLoginCount: failures, lockedUntil: lockedUntil?.toISOString() ?? null },
    },
  );
}

async function recordSuccess(
  manager: EntityManager,
  user: StaffUser,
  passwordHash: string,
  now: Date,
  options: LoginOptions,
): Promise<StaffUserView> {
  await recordLoginSuccess(manager, user.id, now, passwordHash);
  await recordAudit(
    manager,
    { actor: { kind: 'staff', staffId: user.id, role: user.role, label: user.email }, requestId: options.requestId },
    {
      action: 'login',
      entityType: 'StaffUser',
      entityId: user.id,
      before: { lastLoginAt: user.lastLoginAt?.toISOString() ?? null },
      after: { lastLoginAt: now.toISOString(), ip: options.ip },
    },
  );
  return staffUserView({ ...user, failedLoginCount: 0, lockedUntil: null, lastLoginAt: now, passwordHash });
}

let dummy: Promise<string> | null = null;
/**
 * A hash of nothing anyone knows, made once per process with today's parameters, to verify against when there
 * is no account (the very first such attempt also pays for making it).
 */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}
