import { sections, type Section } from '@/i18n/routes';
import {
  pageRoutes,
  parseSitemapPartId,
  PLAYERS_PER_SITEMAP,
  PRIVATE_SECTIONS,
  rankRange,
  robotsRules,
  SITEMAP_SECTIONS,
  sitemapEntries,
  sitemapIndexXml,
  sitemapPartId,
  sitemapParts,
} from './sitemap';

const ORIGIN = 'https://ratings.example.org';

describe('sitemapParts', () => {
  it('gives the pages one part, each pool one part per slice of ranks, each year one part, newest first', () => {
    const parts = sitemapParts(
      [
        { code: 'standard', listed: 2 * PLAYERS_PER_SITEMAP + 1 },
        { code: 'rapid', listed: PLAYERS_PER_SITEMAP },
        { code: 'online', listed: 0 },
      ],
      [2025, 2026],
    );
    expect(parts.map(sitemapPartId)).toEqual([
      'pages',
      'players-standard-0',
      'players-standard-1',
      'players-standard-2',
      'players-rapid-0',
      'tournaments-2026',
      'tournaments-2025',
    ]);
  });

  it('reads its ids back, and nothing else', () => {
    for (const id of ['pages', 'players-blitz_960-12', 'players-a-b-3', 'tournaments-2019'])
      expect(sitemapPartId(parseSitemapPartId(id)!)).toBe(id);
    expect(parseSitemapPartId('players-a-b-3')).toEqual({ kind: 'players', pool: 'a-b', index: 3 });
    for (const id of ['players-standard', 'players--1', 'tournaments-19', 'staff', ''])
      expect(parseSitemapPartId(id)).toBeNull();
  });

  it('covers every rank once, slice after slice', () => {
    expect(rankRange(0)).toEqual({ first: 1, last: PLAYERS_PER_SITEMAP });
    expect(rankRange(2)).toEqual({ first: 2 * PLAYERS_PER_SITEMAP + 1, last: 3 * PLAYERS_PER_SITEMAP });
  });
});

describe('the pages part', () => {
  const entries = sitemapEntries(pageRoutes([{ code: 'standard', listIds: ['7', '3'] }]), ORIGIN);
  const urls = entries.map((entry) => entry.url);

  it('lists every public section, the pool’s ranking and lists and each list, in French and in English', () => {
    expect(urls).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/en`,
      `${ORIGIN}/classements`,
      `${ORIGIN}/en/rankings`,
      `${ORIGIN}/joueurs`,
      `${ORIGIN}/en/players`,
      `${ORIGIN}/tournois`,
      `${ORIGIN}/en/tournaments`,
      `${ORIGIN}/listes`,
      `${ORIGIN}/en/lists`,
      `${ORIGIN}/calculateur`,
      `${ORIGIN}/en/calculator`,
      `${ORIGIN}/fonctionnement`,
      `${ORIGIN}/en/how-ratings-work`,
      `${ORIGIN}/classements/standard`,
      `${ORIGIN}/en/rankings/standard`,
      `${ORIGIN}/listes/standard`,
      `${ORIGIN}/en/lists/standard`,
      `${ORIGIN}/listes/standard/7`,
      `${ORIGIN}/en/lists/standard/7`,
      `${ORIGIN}/listes/standard/3`,
      `${ORIGIN}/en/lists/standard/3`,
    ]);
  });

  it('names each page’s other language', () => {
    expect(entries[19]).toEqual({
      url: `${ORIGIN}/en/lists/standard/7`,
      alternates: { languages: { fr: `${ORIGIN}/listes/standard/7`, en: `${ORIGIN}/en/lists/standard/7` } },
    });
  });

  it('lists no staff page and no preview', () => {
    expect(urls.filter((url) => /gestion|staff|apercu|preview/.test(url))).toEqual([]);
  });

  it('leaves no section undecided: each is listed or kept private', () => {
    const decided = new Set<Section | null>([...SITEMAP_SECTIONS, ...PRIVATE_SECTIONS]);
    expect((Object.keys(sections) as Section[]).filter((section) => !decided.has(section))).toEqual([]);
  });
});

describe('players and tournaments', () => {
  it('lists a profile in both languages', () => {
    expect(sitemapEntries([{ section: 'players', params: ['42'] }], ORIGIN).map((entry) => entry.url)).toEqual([
      `${ORIGIN}/joueurs/42`,
      `${ORIGIN}/en/players/42`,
    ]);
  });
});

describe('robotsRules', () => {
  it('keeps crawlers out of the staff console and the previews in both languages, and names the index', () => {
    expect(robotsRules(ORIGIN)).toEqual({
      rules: { userAgent: '*', allow: '/', disallow: ['/gestion', '/en/staff', '/apercu', '/en/preview'] },
      sitemap: `${ORIGIN}/sitemap.xml`,
    });
  });
});

describe('sitemapIndexXml', () => {
  it('lists each part’s address, escaped', () => {
    expect(sitemapIndexXml([{ kind: 'pages' }, { kind: 'tournaments', year: 2026 }], 'https://a.example?x&y')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://a.example?x&#38;y/sitemaps/sitemap/pages.xml</loc></sitemap>',
        '<sitemap><loc>https://a.example?x&#38;y/sitemaps/sitemap/tournaments-2026.xml</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });
});
