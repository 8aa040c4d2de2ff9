/** The address with a query string (`lib/kept-routes.ts`): rendered per request, its API reads cached. */
export { default, generateMetadata } from '../page-body';

export const dynamic = 'force-dynamic';
