// @ts-check
const { LRUCache } = require('lru-cache');

/**
 * The site's Next.js cache handler (`cacheHandler` in next.config.ts): kept pages (full-route cache) and cached API
 * answers (`unstable_cache`) live in ONE in-memory LRU bounded in bytes, nothing on disk. A crawler walking ids
 * files one entry per address (404s are kept too), so without a bound the server's memory would grow with every
 * address ever asked; past the bound the least recently read entries go first, and are rendered again if asked.
 *
 * Tags: an entry is filed under its tags (an API answer's, or a page's: Next.js lists them in its
 * `x-next-cache-tags` header, with the implicit tags of its path). `revalidateTag` drops every entry under one of
 * the tags at once, and remembers when: an API answer read for a page is also checked against the page's own tags
 * (`softTags`), which only the page's entry carries.
 *
 * Plain JavaScript: Next.js loads this file at run time, outside its bundles.
 */

/** `CACHE_MAX_MB` (default 256): the bound, in megabytes of HTML, RSC payload and JSON held. */
const DEFAULT_MAX_MB = 256;
const TAGS_HEADER = 'x-next-cache-tags';

/** @param {string | undefined} value */
function maxBytes(value) {
  if (value === undefined || value === '') return DEFAULT_MAX_MB * 1024 * 1024;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes <= 0)
    throw new RangeError(`CACHE_MAX_MB must be a positive number, got "${value}"`);
  return Math.round(megabytes * 1024 * 1024);
}

/** @param {unknown} buffer */
const bytesOf = (buffer) => (buffer instanceof Uint8Array || typeof buffer === 'string' ? buffer.length : 0);

/**
 * An entry's size in bytes, about what it holds in memory (the parts Next.js stores for each kind).
 * @param {any} value
 */
function sizeOf(value) {
  if (!value) return 64;
  switch (value.kind) {
    case 'APP_PAGE': {
      let size = bytesOf(value.html) + bytesOf(value.rscData) + bytesOf(value.postponed);
      if (value.segmentData) for (const [path, data] of value.segmentData) size += path.length + bytesOf(data);
      return Math.max(1, size);
    }
    case 'APP_ROUTE':
      return Math.max(1, bytesOf(value.body));
    case 'FETCH':
      return Math.max(1, JSON.stringify(value.data ?? '').length);
    default:
      return Math.max(1, JSON.stringify(value).length);
  }
}

/**
 * The tags an entry is filed under.
 * @param {any} value
 * @param {{ tags?: string[] }} context
 */
function tagsOf(value, context) {
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === 'string') return header.split(',').filter(Boolean);
  return [...(context.tags ?? []), ...(value?.tags ?? [])];
}

class RouteCacheHandler {
  /** Shared by every instance: Next.js may construct the handler more than once in one server. */
  static entries =
    /** @type {LRUCache<string, { value: any, tags: string[], lastModified: number, cacheControl?: any }> | null} */ (
      null
    );
  /** When each tag was last revalidated (ms since the epoch). */
  static revalidatedAt = new Map();

  /**
   * Next.js passes its own context, which names neither option: the first instance makes the cache, the others
   * share it. `maxBytes` or `reset` (tests) make a new one.
   * @param {{ maxBytes?: number, reset?: boolean }} [options]
   */
  constructor(options = {}) {
    if (RouteCacheHandler.entries === null || options.maxBytes !== undefined || options.reset) {
      RouteCacheHandler.entries = new LRUCache({
        maxSize: options.maxBytes ?? maxBytes(process.env.CACHE_MAX_MB),
        sizeCalculation: (entry, key) => key.length + sizeOf(entry.value),
      });
      RouteCacheHandler.revalidatedAt = new Map();
    }
    this.entries = RouteCacheHandler.entries;
  }

  /**
   * @param {string} key
   * @param {{ tags?: string[], softTags?: string[] }} context
   */
  async get(key, context = {}) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const tags = [...entry.tags, ...(context.tags ?? []), ...(context.softTags ?? [])];
    if (tags.some((tag) => (RouteCacheHandler.revalidatedAt.get(tag) ?? -Infinity) >= entry.lastModified)) {
      this.entries.delete(key);
      return null;
    }
    return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
  }

  /**
   * @param {string} key
   * @param {any} value
   * @param {{ tags?: string[], cacheControl?: any }} context
   */
  async set(key, value, context = {}) {
    if (value === null) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, {
      value,
      tags: tagsOf(value, context),
      lastModified: Date.now(),
      cacheControl: context.cacheControl,
    });
  }

  /**
   * Every entry under one of `tags` is dropped now, whatever `durations` says: after a publication nobody should
   * be served the old list (the site's only caller, `/api/revalidate`, expires at once).
   * @param {string | string[]} tags
   */
  async revalidateTag(tags) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (list.length === 0) return;
    const now = Date.now();
    for (const tag of list) RouteCacheHandler.revalidatedAt.set(tag, now);
    const stale = new Set(list);
    for (const [key, entry] of this.entries.entries())
      if (entry.tags.some((tag) => stale.has(tag))) this.entries.delete(key);
  }

  resetRequestCache() {}

  /** What the cache holds: entries and bytes (tests, diagnostics). */
  usage() {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

module.exports = RouteCacheHandler;
