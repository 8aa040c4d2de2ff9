import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/locales';
import { alternateHrefs, homeRoute, localizedHref, type Route, type Section } from '@/i18n/routes';

/**
 * What the sitemaps list and robots.txt keeps out. The sitemap is an index of parts (`generateSitemaps`): the
 * site's pages, the pools and their lists in one; the players a part per pool and `PLAYERS_PER_SITEMAP` ranks
 * (a FIDE-sized federation has 1.5 million); the tournaments a part per year.
 */

/** Players per part: each is listed in both languages, well under the protocol's 50,000 addresses a file. */
export const PLAYERS_PER_SITEMAP = 5000;

/** The section pages listed, both languages each; the staff console and the component previews never are. */
export const SITEMAP_SECTIONS: readonly (Section | null)[] = [
  null,
  'rankings',
  'players',
  'tournaments',
  'lists',
  'calculator',
  'how-ratings-work',
];

/** Sections crawlers are asked to stay out of, in every language. */
export const PRIVATE_SECTIONS: readonly Section[] = ['staff', 'component-preview'];

export type SitemapPart =
  { kind: 'pages' } | { kind: 'players'; pool: string; index: number } | { kind: 'tournaments'; year: number };

export function sitemapPartId(part: SitemapPart): string {
  switch (part.kind) {
    case 'pages':
      return 'pages';
    case 'players':
      return `players-${part.pool}-${part.index}`;
    case 'tournaments':
      return `tournaments-${part.year}`;
  }
}

export function parseSitemapPartId(id: string): SitemapPart | null {
  if (id === 'pages') return { kind: 'pages' };
  const players = /^players-([A-Za-z0-9_-]+)-(\d+)$/.exec(id);
  if (players) return { kind: 'players', pool: players[1], index: Number(players[2]) };
  const tournaments = /^tournaments-(\d{4})$/.exec(id);
  if (tournaments) return { kind: 'tournaments', year: Number(tournaments[1]) };
  return null;
}

/** Every part: the pages, each pool's listed players in slices, and each year with tournaments, newest first. */
export function sitemapParts(
  pools: readonly { code: string; listed: number }[],
  tournamentYears: readonly number[],
): SitemapPart[] {
  return [
    { kind: 'pages' },
    ...pools.flatMap(({ code, listed }) =>
      Array.from({ length: Math.ceil(listed / PLAYERS_PER_SITEMAP) }, (_, index) => ({
        kind: 'players' as const,
        pool: code,
        index,
      })),
    ),
    ...[...tournamentYears].sort((a, b) => b - a).map((year) => ({ kind: 'tournaments' as const, year })),
  ];
}

/** The ranks a players part covers, first and last included. */
export function rankRange(index: number): { first: number; last: number } {
  return { first: index * PLAYERS_PER_SITEMAP + 1, last: (index + 1) * PLAYERS_PER_SITEMAP };
}

/** The routes of the pages part: the sections, each pool's ranking and lists, and each published list. */
export function pageRoutes(pools: readonly { code: string; listIds: readonly string[] }[]): Route[] {
  return [
    ...SITEMAP_SECTIONS.map((section) => (section === null ? homeRoute : { section, params: [] })),
    ...pools.flatMap(({ code, listIds }) => [
      { section: 'rankings' as const, params: [code] },
      { section: 'lists' as const, params: [code] },
      ...listIds.map((id) => ({ section: 'lists' as const, params: [code, id] })),
    ]),
  ];
}

/** Each page in every language, each entry naming its other languages (`xhtml:link hreflang`). */
export function sitemapEntries(routes: readonly Route[], origin: string): MetadataRoute.Sitemap {
  return routes.flatMap((route) => {
    const hrefs = alternateHrefs(route);
    const languages = Object.fromEntries(locales.map((locale) => [locale, `${origin}${hrefs[locale]}`]));
    return locales.map((locale) => ({ url: `${origin}${hrefs[locale]}`, alternates: { languages } }));
  });
}

/** robots.txt: everything public, the private sections out, and the sitemap index. */
export function robotsRules(origin: string): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: PRIVATE_SECTIONS.flatMap((section) =>
        locales.map((locale) => localizedHref(locale, { section, params: [] })),
      ),
    },
    sitemap: `${origin}/sitemap.xml`,
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The sitemap index (Next.js writes the parts, not the index that lists them). */
export function sitemapIndexXml(parts: readonly SitemapPart[], origin: string): string {
  const entries = parts.map(
    (part) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/sitemap/${sitemapPartId(part)}.xml`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}
