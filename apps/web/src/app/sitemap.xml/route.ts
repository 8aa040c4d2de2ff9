import { siteOrigin } from '@/lib/site-origin';
import { sitemapIndexXml } from '@/lib/sitemap';
import { fetchSitemapParts } from '@/lib/sitemap.queries';

/** The sitemap index: one entry per part that `app/sitemaps/sitemap.ts` serves. */
export async function GET() {
  const [origin, parts] = await Promise.all([siteOrigin(), fetchSitemapParts(new Date().getUTCFullYear())]);
  return new Response(sitemapIndexXml(parts, origin), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
}
