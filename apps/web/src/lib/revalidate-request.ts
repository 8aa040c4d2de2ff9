import { createHash, timingSafeEqual } from 'node:crypto';
import { isCacheTag, type CacheTag } from './cache-tags';

/**
 * The contract of `POST /api/revalidate`, which the API calls after publishing a list:
 * header `Authorization: Bearer <REVALIDATE_SECRET>`, body `{ "tags": ["rankings", "player:42"] }`.
 */

/** Next.js accepts at most 128 tags per cache entry; a call naming more is not one of ours. */
export const MAX_TAGS_PER_CALL = 128;

/** Compares digests of equal length so the time taken says nothing about the secret. */
export function isAuthorized(authorizationHeader: string | null, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorizationHeader ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}

export type RevalidateBody = { ok: true; tags: CacheTag[] } | { ok: false; error: string };

export function parseRevalidateBody(body: unknown): RevalidateBody {
  if (typeof body !== 'object' || body === null || !('tags' in body))
    return { ok: false, error: 'body must be { "tags": string[] }' };
  const { tags } = body as { tags: unknown };
  if (!Array.isArray(tags) || tags.length === 0)
    return { ok: false, error: 'tags must be a non-empty array of strings' };
  if (tags.length > MAX_TAGS_PER_CALL)
    return { ok: false, error: `at most ${MAX_TAGS_PER_CALL} tags per call, got ${tags.length}` };
  const unknown = tags.filter((tag) => typeof tag !== 'string' || !isCacheTag(tag));
  if (unknown.length > 0)
    return { ok: false, error: `unknown cache tags: ${unknown.map((tag) => JSON.stringify(tag)).join(', ')}` };
  return { ok: true, tags: [...new Set(tags as CacheTag[])] };
}
