/**
 * The cache tags the site's data is filed under. Every API read declares the tags it depends on; when
 * the API publishes a list it POSTs the affected tags to `/api/revalidate`.
 */
export const STATIC_CACHE_TAGS = ['rankings', 'lists', 'tournaments', 'players', 'pools'] as const;
export type StaticCacheTag = (typeof STATIC_CACHE_TAGS)[number];

/** Entities with a page of their own; their tag carries the API id (`player:42`). */
export const ENTITY_CACHE_KINDS = ['player', 'tournament', 'list'] as const;
export type EntityCacheKind = (typeof ENTITY_CACHE_KINDS)[number];

export type CacheTag = StaticCacheTag | `${EntityCacheKind}:${string}`;

/** API ids are positive integers written as strings (apps/api `parseId`). */
const API_ID = /^[1-9]\d{0,9}$/;

/** Whether an address segment can name an API entity at all (anything else is a 404 without asking). */
export function isApiId(value: string): boolean {
  return API_ID.test(value);
}

export function entityTag(kind: EntityCacheKind, id: string): CacheTag {
  if (!API_ID.test(id)) throw new RangeError(`Not an API id: "${id}"`);
  return `${kind}:${id}`;
}

export function isCacheTag(value: string): value is CacheTag {
  if ((STATIC_CACHE_TAGS as readonly string[]).includes(value)) return true;
  const separator = value.indexOf(':');
  if (separator < 0) return false;
  const kind = value.slice(0, separator);
  return (ENTITY_CACHE_KINDS as readonly string[]).includes(kind) && API_ID.test(value.slice(separator + 1));
}
