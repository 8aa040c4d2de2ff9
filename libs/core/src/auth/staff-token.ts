import { createHmac, timingSafeEqual } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@ratings/db';
import { DomainError } from '../errors';

/**
 * Staff bearer tokens: `v1.<payload>.<signature>`, both base64url. The payload is the compact JSON
 * `{"sid":12,"role":"ADMIN","exp":1767225600}` (staff id, role, expiry in Unix seconds); the signature is
 * HMAC-SHA256 over `v1.<payload>` with the API's secret. Stateless: a deactivated account is caught by
 * `authenticateStaff`, which looks the account up on every request.
 */
const TOKEN_VERSION = 'v1';
/** A shorter HMAC key than the hash output weakens it (RFC 2104 §3); 32 bytes is SHA-256's output. */
export const MIN_TOKEN_SECRET_LENGTH = 32;
/** How long a login lasts unless the caller says otherwise: one working day. */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface StaffTokenClaims {
  readonly staffId: number;
  readonly role: StaffRole;
  readonly expiresAt: Date;
}

export function signStaffToken(claims: StaffTokenClaims, secret: string): string {
  checkSecret(secret);
  const payload = Buffer.from(
    JSON.stringify({ sid: claims.staffId, role: claims.role, exp: Math.floor(claims.expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${TOKEN_VERSION}.${payload}.${sign(`${TOKEN_VERSION}.${payload}`, secret)}`;
}

/** The claims of a genuine, unexpired token; otherwise UNAUTHENTICATED saying why (malformed, forged, expired). */
export function verifyStaffToken(token: string, secret: string, now: Date): StaffTokenClaims {
  checkSecret(secret);
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts[0] !== TOKEN_VERSION) throw unauthenticated('the token is malformed', 'MALFORMED');
  const [version, payload, signature] = parts;
  const expected = Buffer.from(sign(`${version}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw unauthenticated('the token signature is invalid', 'BAD_SIGNATURE');
  }
  const claims = readPayload(payload);
  if (claims === null) throw unauthenticated('the token is malformed', 'MALFORMED');
  if (claims.expiresAt.getTime() <= now.getTime()) {
    throw unauthenticated(`the token expired at ${claims.expiresAt.toISOString()}`, 'EXPIRED');
  }
  return claims;
}

function readPayload(payload: string): StaffTokenClaims | null {
  try {
    const { sid, role, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (!Number.isInteger(sid) || !Number.isInteger(exp) || !(STAFF_ROLES as readonly unknown[]).includes(role))
      return null;
    return { staffId: sid as number, role: role as StaffRole, expiresAt: new Date((exp as number) * 1000) };
  } catch {
    return null;
  }
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** Throws a RangeError (a configuration mistake, not a user's) for a secret too short to sign with. */
export function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new RangeError(`the token secret must be at least ${MIN_TOKEN_SECRET_LENGTH} characters long`);
  }
}

export type UnauthenticatedReason =
  | 'MALFORMED'
  | 'BAD_SIGNATURE'
  | 'EXPIRED'
  | 'ACCOUNT_INACTIVE'
  | 'BAD_CREDENTIALS'
  | 'API_KEY_UNKNOWN'
  | 'API_KEY_REVOKED';

export function unauthenticated(message: string, reason: UnauthenticatedReason): DomainError {
  return new DomainError('UNAUTHENTICATED', message, { reason });
}
