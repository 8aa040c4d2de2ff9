import { NextResponse, type NextRequest } from 'next/server';
import { internalPath, resolvePublicPath } from './i18n/routes';
import { PUBLIC_PATH_HEADER } from './lib/staff/paths';

/**
 * Public addresses are localized (`/classements`, `/en/rankings`); the app's routes are not
 * (`app/[lang]/rankings`). Every page request is rewritten to its internal route, unknown paths to the
 * localized 404, and `/fr/...` redirects to the unprefixed French address.
 */
export function proxy(request: NextRequest) {
  const resolution = resolvePublicPath(request.nextUrl.pathname);
  const url = request.nextUrl.clone();
  if (resolution.kind === 'redirect') {
    url.pathname = resolution.location;
    return NextResponse.redirect(url, 308);
  }
  url.pathname = internalPath(resolution.locale, resolution.route);
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
