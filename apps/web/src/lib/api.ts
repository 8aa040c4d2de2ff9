import 'server-only';
import { createHash } from 'node:crypto';
import { unstable_cache } from 'next/cache';
import { connection } from 'next/server';
import type { TypedDocumentString } from '@/__generated__/graphql';
import { apiUrl, DEFAULT_API_URL, operationName, postGraphQL, type Variables } from './graphql-request';
import type { CacheTag } from './cache-tags';
import { publicApiBase } from './public-api';

export { API_TIMEOUT_MS, apiUrl, DEFAULT_API_URL, operationName, postGraphQL, type Variables } from './graphql-request';

/**
 * The site's only door to the ratings API: server components call `queryApi` with a document
 * written with `graphql()` (typed by codegen from the API's schema: the answer's type and the
 * variables' travel with it) and the cache tags the answer depends on. No client component ever fetches.
 */

/**
 * Cached answers are refetched at least this often. Freshness normally comes from the API calling
 * `/api/revalidate` when it publishes; this only bounds staleness if such a call is ever lost.
 */
export const CACHE_MAX_AGE_SECONDS = 3600;

/** The API's address as the visitor's browser reaches it (download links): see `public-api.ts`. */
export function publicApiUrl(): string {
  return publicApiBase({ PUBLIC_API_URL: process.env.PUBLIC_API_URL, API_URL: process.env.API_URL }, DEFAULT_API_URL);
}

/**
 * Reads the API from a server component. The answer is cached under `tags` until the API revalidates them, and
 * the page that read it is kept whole (full-route cache, see the README's "Caching"), filed under the same tags.
 * No `connection()` here: a public page renders once, on its first visit (or at build time when it has no
 * dynamic segment; such pages read no API: `next build` stays offline), and is served from the cache after.
 * Only successful answers are cached: an outage or a GraphQL error is retried on the next visit.
 */
export async function queryApi<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
  tags: readonly CacheTag[],
): Promise<TData> {
  // The key covers the document and the API's address too, so a changed query never reads an answer
  // cached for the old one, and a site pointed at another API (demo, tests) never reads the last one's.
  const url = apiUrl();
  const key = createHash('sha256')
    .update(url)
    .update(document.toString())
    .update(JSON.stringify(variables))
    .digest('base64url');
  const cachedQuery = unstable_cache(
    () => postGraphQL(url, document, variables),
    ['ratings-api', operationName(document), key],
    {
      tags: [...tags],
      revalidate: CACHE_MAX_AGE_SECONDS,
    },
  );
  return cachedQuery();
}

/**
 * Reads the API per request, never cached: for answers to what a visitor typed (a what-if's system and
 * parameters), which would otherwise file one cache entry per query string anyone cares to send.
 */
export async function queryApiUncached<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  await connection();
  return postGraphQL(apiUrl(), document, variables);
}
