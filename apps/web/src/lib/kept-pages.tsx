import type { ComponentType } from 'react';
import type { SearchParams } from './search-params';

/**
 * Helpers of the kept pages (README, "Caching"). A dynamic segment's `generateStaticParams` returns no params:
 * nothing is rendered at build time (`next build` needs no API), and with `dynamicParams` each page is rendered on
 * its first visit, then kept in the full-route cache under the cache tags of its API reads.
 */
export function keptOnFirstVisit(): never[] {
  return [];
}

interface QueryPageProps<P> {
  params: Promise<P>;
  searchParams: Promise<SearchParams>;
}

const NO_QUERY: Promise<SearchParams> = Promise.resolve({});

/**
 * A page that reads its query string, served for the address without one: it never touches `searchParams`, so
 * Next.js can keep it. The same page with a query string is its `~query` route (`kept-routes.ts`).
 */
export function withoutQuery<P>(Page: ComponentType<QueryPageProps<P>>) {
  return function KeptPage({ params }: { params: Promise<P> }) {
    return <Page params={params} searchParams={NO_QUERY} />;
  };
}
