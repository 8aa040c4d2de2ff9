import { loadLogo } from '@/lib/site-logo';

// Read per request: the logo is a runtime setting, not something `next build` may freeze.
export const dynamic = 'force-dynamic';

/** The federation's logo (`SITE_LOGO`), from the site's own origin; 404 when none is configured. */
export async function GET() {
  const logo = await loadLogo();
  if (logo === null) return new Response('No logo is configured', { status: 404 });
  return new Response(logo.bytes, {
    headers: { 'content-type': logo.contentType, 'cache-control': 'public, max-age=3600' },
  });
}
