import type { Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Viewer } from './auth/viewer';
import type { ApiContext } from './context';

/**
 * How long a cache (the browser's, a CDN's) may keep a public answer. A published list never changes, so what is
 * named by its id keeps for a day; what follows the current list (the default for GraphQL answers) for a minute,
 * which is how late a new publication may be seen.
 */
export const PUBLISHED_LIST_MAX_AGE_SECONDS = 86_400;
export const CURRENT_MAX_AGE_SECONDS = 60;

/** What staff read (drafts, staff-only fields) is theirs alone: never stored by any cache. */
export const STAFF_CACHE_CONTROL = 'private, no-store';

/** The Cache-Control of a public download: `maxAge` for everyone else, never stored for staff. */
export function cacheControlFor(viewer: Viewer, maxAgeSeconds: number): string {
  return viewer.kind === 'staff' || maxAgeSeconds === 0 ? STAFF_CACHE_CONTROL : `public, max-age=${maxAgeSeconds}`;
}

/**
 * Sets the answer's validator and, when the caller already holds that version (If-None-Match), answers 304
 * without a body. Returns true when it answered.
 */
export function answeredNotModified(req: Request, res: Response, etag: string, cacheControl: string): boolean {
  res.setHeader('etag', etag);
  res.setHeader('cache-control', cacheControl);
  if (!req.fresh) return false;
  res.status(304).end();
  return true;
}

/**
 * Keeps staff answers out of every cache: Apollo's cache-control plugin leaves a Cache-Control it does not parse
 * as it is. (Public answers get the plugin's `max-age=…, public` from the schema's @cacheControl hints, and GET
 * answers Express's ETag with 304 on If-None-Match.)
 */
export function staffAnswersUncachedPlugin(): ApolloServerPlugin<ApiContext> {
  return {
    async requestDidStart({ contextValue, response }) {
      if (contextValue.viewer.kind === 'staff') response.http.headers.set('cache-control', STAFF_CACHE_CONTROL);
    },
  };
}
