import type { Route } from '@/i18n/routes';

/**
 * Which internal route the proxy sends an address with a query string to. Public pages are rendered once and kept
 * (see the README's "Caching"), and a page that reads its query string cannot be kept: Next.js renders it on every
 * request. So the pages that read one are split in two routes:
 *
 * - without a query string, the kept page itself (`/classements/standard` → `rankings/[pool]`);
 * - a ranking filtered by ONE known filter value (`?category=GM`, the pick lists' and the category links'
 *   addresses) → `rankings/[pool]/~filter/category=GM`, kept too: a filtered view is as popular as the ranking;
 * - any other query string → the `~query` route beside the page, rendered per request (its API reads are still
 *   cached), so that arbitrary query strings add no kept pages.
 *
 * The `~` segments are internal: a public address spelling one is unmatched (`isInternalSegment`).
 */

export const QUERY_SEGMENT = '~query';
export const FILTER_SEGMENT = '~filter';

/** Address parameters Next.js itself adds (the RSC cache-busting key), never the page's own. */
const FRAMEWORK_PARAMS = new Set(['_rsc']);

/** The ranking filters that get kept pages: the address parameter and whether the pool knows the value. */
export const KEPT_RANKING_FILTERS = ['category', 'sex', 'age', 'federation', 'club'] as const;
export type KeptRankingFilter = (typeof KEPT_RANKING_FILTERS)[number];

/** What the API currently knows of a pool's filter values (`ranking-filters.ts` reads and memoizes it). */
export type KnownFilterValues = (pool: string, filter: KeptRankingFilter, value: string) => boolean;

export function isInternalSegment(segment: string): boolean {
  return segment.startsWith('~');
}

/** The page's own parameters of an address (the framework's removed). */
export function pageQuery(search: URLSearchParams): [string, string][] {
  return [...search].filter(([name]) => !FRAMEWORK_PARAMS.has(name));
}

/** The one-filter segment of a ranking: `category=GM`. */
export function filterSegment(filter: KeptRankingFilter, value: string): string {
  return `${filter}=${value}`;
}

/** The filter a `~filter` segment names, or null when it names none (the page then 404s). */
export function readFilterSegment(segment: string): { filter: KeptRankingFilter; value: string } | null {
  const separator = segment.indexOf('=');
  if (separator < 0) return null;
  const filter = segment.slice(0, separator);
  const value = segment.slice(separator + 1);
  if (!(KEPT_RANKING_FILTERS as readonly string[]).includes(filter) || value === '') return null;
  return { filter: filter as KeptRankingFilter, value };
}

/** Whether a route's page reads a query string: a ranking, a pool's lists, a tournament (what-if), the searches. */
function readsQuery(route: Route): boolean {
  const count = route.params.length;
  switch (route.section) {
    case 'rankings':
    case 'lists':
      return count === 1;
    case 'tournaments':
      return count <= 1;
    case 'players':
      return count === 0;
    default:
      return false;
  }
}

/** The internal route for a public route and its query string. */
export function keptRoute(route: Route, search: URLSearchParams, known: KnownFilterValues): Route {
  const query = pageQuery(search);
  if (query.length === 0 || !readsQuery(route)) return route;
  if (route.section === 'rankings' && query.length === 1) {
    const [[name, value]] = query;
    const filter = KEPT_RANKING_FILTERS.find((candidate) => candidate === name);
    if (filter !== undefined && known(route.params[0], filter, value))
      return { ...route, params: [...route.params, FILTER_SEGMENT, filterSegment(filter, value)] };
  }
  return { ...route, params: [...route.params, QUERY_SEGMENT] };
}

/** Whether `keptRoute` may need the API's filter values for this address (a ranking with one parameter). */
export function needsFilterValues(route: Route, search: URLSearchParams): boolean {
  const query = pageQuery(search);
  return route.section === 'rankings' && route.params.length === 1 && query.length === 1;
}
