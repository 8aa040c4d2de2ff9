import { NextResponse, type NextRequest } from 'next/server';
import { internalPath, resolvePublicPath } from './i18n/routes';
import { apiUrl } from './lib/graphql-request';
import { isInternalSegment, keptRoute, needsFilterValues, type KnownFilterValues } from './lib/kept-routes';
import { currentFilterValues } from './lib/ranking-filters';
import { PUBLIC_PATH_HEADER } from './lib/staff/paths';

const noFilterValues: KnownFilterValues = () => false;

/**
 * Public addresses are localized (`/classements`, `/en/rankings`); the app's routes are not
 * (`app/[lang]/rankings`). Every page request is rewritten to its internal route, unknown paths to the
 * localized 404, and `/fr/...` redirects to the unprefixed French address. A page that reads its query string
 * goes to its kept route or its per-request one (`lib/kept-routes.ts`).
 */
export async function proxy(request: NextRequest) {
  const resolution = resolvePublicPath(request.nextUrl.pathname);
  const url = request.nextUrl.clone();
  if (resolution.kind === 'redirect') {
    url.pathname = resolution.location;
    return NextResponse.redirect(url, 308);
  }
  const { locale } = resolution;
  let route = resolution.route;
  if (route !== null && route.params.some(isInternalSegment)) route = null;
  if (route !== null) {
    const search = request.nextUrl.searchParams;
    const known = needsFilterValues(route, search) ? await currentFilterValues(apiUrl()) : noFilterValues;
    route = keptRoute(route, search, known);
  }
  url.pathname = internalPath(locale, route);
  // Set here, never taken from the browser: the staff console sends an expired session back to this address.
  const headers = new Headers(request.headers);
  headers.set(PUBLIC_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Pages only: not the revalidation endpoint, the logo and the social cards, Next.js assets, or files such as
  // /icon.svg, /robots.txt and the sitemaps.
  matcher: ['/((?!api/|brand/|og/|_next/|.*\\.\\w+$).*)'],
};
