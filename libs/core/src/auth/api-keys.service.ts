import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiKey, touchApiKey } from '@ratings/db';
import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit.service';
import { notFound } from '../errors';
import type { WriteContext } from '../common/actor';
import { runTransaction, snapshot } from '../common/database';
import { entityId, requiredText, wholeNumber } from '../common/validate';
import { authorize } from './permissions';
import { unauthenticated } from './staff-token';
import { idOrderedPage, type IdPage } from './staff-users.service';

/** ApiKey.name's column length. */
const MAX_KEY_NAME = 100;
/** Largest quota a key may be given: 100 requests a second, far above any third party's fair use. */
export const MAX_QUOTA_PER_MINUTE = 6000;
/**
 * Public prefix: 12 lowercase hex digits (ApiKey.prefix holds 16), so that even 10 000 keys share one with a
 * chance under 1 in 5 million; secret: 32 random bytes (256 bits), base64url.
 */
const PREFIX_BYTES = 6;
const SECRET_BYTES = 32;
/** `rk_<prefix>_<secret>`: the secret's base64url alphabet contains `_`, so only the first two separators count. */
const PRESENTED_KEY = /^rk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often per key, so authenticating is a read almost every time. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A key as shown to its managers: never its hash. */
export type ApiKeyView = Omit<ApiKey, 'secretSha256'>;

function apiKeyView(key: ApiKey): ApiKeyView {
  const { secretSha256: _hash, ...view } = key;
  return view;
}

export interface CreatedApiKey {
  readonly apiKey: ApiKeyView;
  /** `rk_<prefix>_<secret>`: shown this once; only its SHA-256 is stored. */
  readonly secret: string;
}

/** Issues a read-only key for a third party. The secret is returned once and never stored in clear. */
export async function createApiKey(
  db: DataSource,
  input: { readonly name: string; readonly quotaPerMinute: number },
  ctx: WriteContext,
): Promise<CreatedApiKey> {
  authorize(ctx, 'apikeys:manage');
  const name = requiredText('name', input.name, MAX_KEY_NAME);
  const quotaPerMinute = wholeNumber('quotaPerMinute', input.quotaPerMinute, 1, MAX_QUOTA_PER_MINUTE);
  const prefix = randomBytes(PREFIX_BYTES).toString('hex');
  const secret = `rk_${prefix}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(ApiKey);
    const key = await repository.save(
      repository.create({
        name,
        prefix,
        secretSha256: sha256(secret),
        quotaPerMinute,
        createdById: ctx.actor.kind === 'staff' ? ctx.actor.staffId : null,
      }),
    );
    const apiKey = apiKeyView(key);
    await recordAudit(manager, ctx, {
      action: 'createApiKey',
      entityType: 'ApiKey',
      entityId: key.id,
      after: snapshot(apiKey),
    });
    return { apiKey, secret };
  });
}

/** API keys in id order (never their hashes), for administrators: a page and the total. */
export async function listApiKeys(
  db: DataSource | EntityManager,
  page: IdPage,
  ctx: WriteContext,
): Promise<{ rows: ApiKeyView[]; totalCount: number }> {
  authorize(ctx, 'apikeys:manage');
  const { rows, totalCount } = await idOrderedPage(('manager' in db ? db.manager : db).getRepository(ApiKey), page);
  return { rows: rows.map(apiKeyView), totalCount };
}

/** Revokes a key: it is refused from its next request on. Revoking a revoked key changes nothing. */
export async function revokeApiKey(
  db: DataSource,
  input: { readonly apiKeyId: number },
  ctx: WriteContext,
): Promise<ApiKeyView> {
  authorize(ctx, 'apikeys:manage');
  const apiKeyId = entityId('apiKeyId', input.apiKeyId);
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(ApiKey);
    const key = await repository.findOne({ where: { id: apiKeyId }, lock: { mode: 'pessimistic_write' } });
    if (!key) throw notFound('API key', apiKeyId);
    if (key.revokedAt !== null) return apiKeyView(key);
    const before = snapshot(apiKeyView(key));
    key.revokedAt = new Date();
    const revoked = apiKeyView(await repository.save(key));
    await recordAudit(manager, ctx, {
      action: 'revokeApiKey',
      entityType: 'ApiKey',
      entityId: apiKeyId,
      before,
      after: snapshot(revoked),
    });
    return revoked;
  });
}

export interface AuthenticatedApiKey {
  readonly id: number;
  readonly name: string;
  readonly prefix: string;
  readonly quotaPerMinute: number;
}

/**
 * The key behind a presented `rk_…` string, or UNAUTHENTICATED (malformed, unknown, revoked). One indexed
 * read by prefix and a constant-time hash comparison; `last_used_at` is refreshed at most once a minute.
 * Not audited: it reads, and last_used_at is bookkeeping.
 */
export async function authenticateApiKey(
  db: DataSource | EntityManager,
  presented: string,
  options: { readonly now?: Date } = {},
): Promise<AuthenticatedApiKey> {
  const match = typeof presented === 'string' ? PRESENTED_KEY.exec(presented.trim()) : null;
  if (!match) throw unauthenticated('the API key is malformed: expected rk_<prefix>_<secret>', 'MALFORMED');
  const manager = 'manager' in db ? db.manager : db;
  const key = await manager.getRepository(ApiKey).findOneBy({ prefix: match[1] });
  const given = Buffer.from(sha256(presented.trim()), 'hex');
  if (!key || !timingSafeEqual(given, Buffer.from(key.secretSha256, 'hex'))) {
    throw unauthenticated(`API key rk_${match[1]}_… is unknown`, 'API_KEY_UNKNOWN');
  }
  if (key.revokedAt !== null)
    throw unauthenticated(
      `API key rk_${key.prefix}_… was revoked on ${key.revokedAt.toISOString()}`,
      'API_KEY_REVOKED',
    );
  const now = options.now ?? new Date();
  if (key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchApiKey(manager, key.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
  }
  return { id: key.id, name: key.name, prefix: key.prefix, quotaPerMinute: key.quotaPerMinute };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
