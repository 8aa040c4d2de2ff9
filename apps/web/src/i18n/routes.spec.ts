import {
  alternateHrefs,
  homeRoute,
  internalPath,
  localizedHref,
  pageHrefs,
  resolvePublicPath,
  routeFromSegments,
  sectionHref,
  sections,
  subsections,
  type Route,
  type Section,
} from './routes';

const player42: Route = { section: 'players', params: ['42'] };

describe('localizedHref', () => {
  it.each<[Route, string, string]>([
    [homeRoute, '/', '/en'],
    [{ section: 'rankings', params: [] }, '/classements', '/en/rankings'],
    [{ section: 'calculator', params: [] }, '/calculateur', '/en/calculator'],
    [{ section: 'how-ratings-work', params: [] }, '/fonctionnement', '/en/how-ratings-work'],
    [player42, '/joueurs/42', '/en/players/42'],
    [{ section: 'lists', params: ['2024 03'] }, '/listes/2024%2003', '/en/lists/2024%2003'],
    // The staff console's pages have slugs of their own in each language.
    [{ section: 'staff', params: [] }, '/gestion', '/en/staff'],
    [{ section: 'staff', params: ['sign-in'] }, '/gestion/connexion', '/en/staff/sign-in'],
    [{ section: 'staff', params: ['tournaments', '7'] }, '/gestion/tournois/7', '/en/staff/tournaments/7'],
    [{ section: 'staff', params: ['runs'] }, '/gestion/calcul', '/en/staff/rating-run'],
    [{ section: 'staff', params: ['new-tournament'] }, '/gestion/nouveau-tournoi', '/en/staff/new-tournament'],
    [{ section: 'staff', params: ['entry', '7'] }, '/gestion/saisie/7', '/en/staff/results-entry/7'],
  ])('%j → %s (fr), %s (en)', (route, french, english) => {
    expect(localizedHref('fr', route)).toBe(french);
    expect(localizedHref('en', route)).toBe(english);
  });

  it('gives a section landing page', () => {
    expect(sectionHref('fr', 'tournaments')).toBe('/tournois');
    expect(sectionHref('en', null)).toBe('/en');
  });
});

describe('resolvePublicPath', () => {
  it.each([
    ['/', { kind: 'page', locale: 'fr', route: homeRoute }],
    ['/en', { kind: 'page', locale: 'en', route: homeRoute }],
    ['/en/', { kind: 'page', locale: 'en', route: homeRoute }],
    ['/classements', { kind: 'page', locale: 'fr', route: { section: 'rankings', params: [] } }],
    ['/en/players/42', { kind: 'page', locale: 'en', route: player42 }],
    ['/joueurs/42', { kind: 'page', locale: 'fr', route: player42 }],
    ['/listes/2024%2003', { kind: 'page', locale: 'fr', route: { section: 'lists', params: ['2024 03'] } }],
    // A slug of the other language, or of no language, is not a page.
    ['/calculator', { kind: 'page', locale: 'fr', route: null }],
    ['/en/classements', { kind: 'page', locale: 'en', route: null }],
    ['/nimporte-quoi', { kind: 'page', locale: 'fr', route: null }],
    ['/de/rankings', { kind: 'page', locale: 'fr', route: null }],
    ['/joueurs/%E0%A4', { kind: 'page', locale: 'fr', route: null }],
    ['/gestion/tournois/7', { kind: 'page', locale: 'fr', route: { section: 'staff', params: ['tournaments', '7'] } }],
    ['/en/staff/sign-in', { kind: 'page', locale: 'en', route: { section: 'staff', params: ['sign-in'] } }],
    // A console page under the other language's slug, or under its internal name, is not a page.
    ['/gestion/tournaments', { kind: 'page', locale: 'fr', route: null }],
    ['/en/staff/connexion', { kind: 'page', locale: 'en', route: null }],
    // French is the default: spelled out, it redirects to the unprefixed address.
    ['/fr', { kind: 'redirect', location: '/' }],
    ['/fr/calculateur', { kind: 'redirect', location: '/calculateur' }],
    ['/fr/joueurs/42', { kind: 'redirect', location: '/joueurs/42' }],
  ])('%s', (pathname, expected) => {
    expect(resolvePublicPath(pathname)).toEqual(expected);
  });

  it('reads back every address localizedHref writes', () => {
    for (const section of Object.keys(sections) as Section[]) {
      for (const locale of ['fr', 'en'] as const) {
        // A section with pages of its own (the staff console) takes one of them first.
        const first = Object.hasOwn(subsections, section) ? Object.keys(subsections[section as 'staff']) : [];
        const route = { section, params: [...first.slice(0, 1), '7'] };
        expect(resolvePublicPath(localizedHref(locale, route))).toEqual({ kind: 'page', locale, route });
      }
    }
  });
});

describe('internalPath', () => {
  it.each<[Parameters<typeof internalPath>[0], Route | null, string]>([
    ['fr', homeRoute, '/fr'],
    ['en', { section: 'how-ratings-work', params: [] }, '/en/how-ratings-work'],
    ['fr', player42, '/fr/players/42'],
    ['en', null, '/en/not-found'],
  ])('%s %j → %s', (locale, route, expected) => {
    expect(internalPath(locale, route)).toBe(expected);
  });
});

describe('routeFromSegments', () => {
  it.each<[string[], Route | null]>([
    [[], homeRoute],
    [['calculator'], { section: 'calculator', params: [] }],
    [['rankings', 'standard', '~query'], { section: 'rankings', params: ['standard'] }],
    [['rankings', 'standard', '~filter', 'category=GM'], { section: 'rankings', params: ['standard'] }],
    [['tournaments', '(index)', '~query'], { section: 'tournaments', params: [] }],
    [['players', '42'], player42],
    [['(data)', 'rankings'], { section: 'rankings', params: [] }],
    [['not-found'], null],
    [['not-found/joueurs/x'], null],
  ])('%j → %j', (segments, expected) => {
    expect(routeFromSegments(segments)).toEqual(expected);
  });
});

describe('alternateHrefs', () => {
  it('gives the same page in every language', () => {
    expect(alternateHrefs(player42)).toEqual({ fr: '/joueurs/42', en: '/en/players/42' });
  });

  it('keeps the French and English slugs of a section distinct from the other sections', () => {
    for (const locale of ['fr', 'en'] as const) {
      const slugs = Object.values(sections).map((slugsOf) => slugsOf[locale]);
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(slugs).not.toContain('en');
      expect(slugs).not.toContain('fr');
    }
  });
});

describe('pageHrefs', () => {
  it.each([
    [pageHrefs.player('fr', '2'), '/joueurs/2'],
    [pageHrefs.tournament('en', '1'), '/en/tournaments/1'],
    [pageHrefs.ranking('fr', 'standard'), '/classements/standard'],
    [pageHrefs.poolLists('en', 'rapid'), '/en/lists/rapid'],
    [pageHrefs.list('fr', 'standard', '3'), '/listes/standard/3'],
    [pageHrefs.poolSystem('en', 'blitz'), '/en/how-ratings-work#pool-blitz'],
  ])('%s', (href, expected) => {
    expect(href).toBe(expected);
  });

  it('gives addresses the proxy reads back as the same page', () => {
    expect(resolvePublicPath(pageHrefs.list('en', 'standard', '3'))).toEqual({
      kind: 'page',
      locale: 'en',
      route: { section: 'lists', params: ['standard', '3'] },
    });
  });
});
