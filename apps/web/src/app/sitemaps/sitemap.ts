import type { MetadataRoute } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { siteOrigin } from '@/lib/site-origin';
import { pageRoutes, parseSitemapPartId, sitemapEntries, sitemapPartId } from '@/lib/sitemap';
import { fetchPoolListIds, fetchRankedPlayerIds, fetchSitemapParts, fetchTournamentIds } from '@/lib/sitemap.queries';

// Read from the API per request: a part that was not listed at build time is still served, not prerendered.
export const dynamic = 'force-dynamic';

/**
 * The sitemap's parts, `/sitemaps/sitemap/<id>.xml`, listed by `/sitemap.xml`. They are read from the API when
 * asked for, never at `next build` (which runs without the API).
 */
export async function generateSitemaps() {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return [];
  const parts = await fetchSitemapParts(new Date().getUTCFullYear());
  return parts.map((part) => ({ id: sitemapPartId(part) }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const part = parseSitemapPartId(await id);
  const origin = await siteOrigin();
  switch (part?.kind) {
    case 'pages':
      return sitemapEntries(pageRoutes(await fetchPoolListIds()), origin);
    case 'players':
      return sitemapEntries(
        (await fetchRankedPlayerIds(part.pool, part.index)).map((player) => ({ section: 'players', params: [player] })),
        origin,
      );
    case 'tournaments':
      return sitemapEntries(
        (await fetchTournamentIds(part.year)).map((tournament) => ({ section: 'tournaments', params: [tournament] })),
        origin,
      );
    default:
      return [];
  }
}
