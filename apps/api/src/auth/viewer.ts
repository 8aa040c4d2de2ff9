import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import {
  authenticateApiKey,
  authenticateStaff,
  clientAddress,
  DomainError,
  type Actor,
  type Reader,
  type WriteContext,
} from '@ratings/core';

/** Who is calling: the public, a third party with a read-only API key, or a signed-in staff member. */
export type Viewer =
  | { kind: 'anonymous'; ip: string }
  | { kind: 'apiKey'; ip: string; keyId: number; name: string; quotaPerMinute: number }
  | { kind: 'staff'; ip: string; actor: Extract<Actor, { kind: 'staff' }> };

/** API keys are presented as `Authorization: Bearer rk_<prefix>_<secret>`; anything else is a staff token. */
const API_KEY_PREFIX = 'rk_';

/** What stands for the client when its address is not an IP address (one quota for all such callers). */
export const UNKNOWN_CLIENT = 'unknown';

/** The socket's address, or the one the proxies named in TRUST_PROXY give, when it is an IP address. */
export function clientIp(req: Request): string {
  return clientAddress(req.ip) ?? UNKNOWN_CLIENT;
}

/**
 * Reads the Authorization header. No header: anonymous. A bad or expired credential is an error
 * (UNAUTHENTICATED), never a silent downgrade to anonymous: a client must know its key stopped working.
 */
export async function identifyViewer(req: Request, db: DataSource, tokenSecret: string): Promise<Viewer> {
  const ip = clientIp(req);
  const header = req.header('authorization');
  if (!header) return { kind: 'anonymous', ip };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new DomainError('UNAUTHENTICATED', 'the Authorization header must be "Bearer <token or API key>"');
  const credential = match[1];
  if (credential.startsWith(API_KEY_PREFIX)) {
    const key = await authenticateApiKey(db, credential);
    return { kind: 'apiKey', ip, keyId: key.id, name: key.name, quotaPerMinute: key.quotaPerMinute };
  }
  return { kind: 'staff', ip, actor: await authenticateStaff(db, credential, { secret: tokenSecret }) };
}

/** Who reads, as core's visibility rule needs it: the staff member, or null for the public (API keys included). */
export function readerOf(viewer: Viewer): Reader {
  return viewer.kind === 'staff' ? viewer.actor : null;
}

/**
 * The write context of a staff member, or the refusal every mutation gives others: UNAUTHENTICATED
 * without credentials, FORBIDDEN with a (read-only) API key. Roles are then checked by the use case.
 */
export type StaffWriteContext = WriteContext & { readonly actor: Extract<Actor, { kind: 'staff' }> };

export function staffContext(viewer: Viewer, requestId: string): StaffWriteContext {
  if (viewer.kind === 'staff') return { actor: viewer.actor, requestId };
  if (viewer.kind === 'apiKey')
    throw new DomainError('FORBIDDEN', 'API keys are read-only: sign in as staff to change data');
  throw new DomainError(
    'UNAUTHENTICATED',
    'sign in as staff (mutation login) and send the token as "Authorization: Bearer <token>"',
  );
}
