import { FILTER_SEGMENT, isInternalSegment } from '@/lib/kept-routes';
import { defaultLocale, isLocale, locales, type Locale } from './locales';

/**
 * The site's sections. The key is the folder under `app/[lang]/` (the internal route); the values are
 * the public slugs, so French readers see `/classements` and English readers `/en/rankings`.
 */
export const sections = {
  rankings: { fr: 'classements', en: 'rankings' },
  players: { fr: 'joueurs', en: 'players' },
  tournaments: { fr: 'tournois', en: 'tournaments' },
  lists: { fr: 'listes', en: 'lists' },
  calculator: { fr: 'calculateur', en: 'calculator' },
  'how-ratings-work': { fr: 'fonctionnement', en: 'how-ratings-work' },
  // Sample renderings of the client components for the browser tests; 404 unless ENABLE_COMPONENT_PREVIEW=1.
  'component-preview': { fr: 'apercu', en: 'preview' },
  // The federation's staff console: dynamic, noindex, out of the sitemap and of the header's navigation.
  staff: { fr: 'gestion', en: 'staff' },
} as const satisfies Record<string, Record<Locale, string>>;

export type Section = keyof typeof sections;

/**
 * Sections whose pages have localized slugs of their own (`/gestion/tournois`, `/en/staff/tournaments`):
 * the key is the folder under the section's internal route, the values the public slugs. The segment
 * after a section without such a table (a player id) is passed through as it is.
 */
export const subsections = {
  staff: {
    'sign-in': { fr: 'connexion', en: 'sign-in' },
    tournaments: { fr: 'tournois', en: 'tournaments' },
    'new-tournament': { fr: 'nouveau-tournoi', en: 'new-tournament' },
    entry: { fr: 'saisie', en: 'results-entry' },
    upload: { fr: 'importer', en: 'upload' },
    'import-list': { fr: 'importer-une-liste', en: 'import-list' },
    runs: { fr: 'calcul', en: 'rating-run' },
    lists: { fr: 'listes', en: 'lists' },
    players: { fr: 'joueurs', en: 'players' },
    simulate: { fr: 'simulation', en: 'simulate' },
    admin: { fr: 'administration', en: 'administration' },
  },
} as const satisfies Partial<Record<Section, Record<string, Record<Locale, string>>>>;

type SectionWithSubsections = keyof typeof subsections;
export type StaffPage = keyof (typeof subsections)['staff'];

function subsectionTable(section: Section): Record<string, Record<Locale, string>> | null {
  return Object.hasOwn(subsections, section) ? subsections[section as SectionWithSubsections] : null;
}

/** The public slug of a section's first parameter (`tournaments` → `tournois`); other parameters as they are. */
function publicParams(locale: Locale, section: Section, params: readonly string[]): string[] {
  const table = subsectionTable(section);
  const [first, ...rest] = params;
  if (table === null || first === undefined) return [...params];
  return [table[first]?.[locale] ?? first, ...rest];
}

/** The internal folder of a public sub-slug (`tournois` → `tournaments`), `null` when the section has no such page. */
function internalParams(locale: Locale, section: Section, params: string[]): string[] | null {
  const table = subsectionTable(section);
  const [first, ...rest] = params;
  if (table === null || first === undefined) return params;
  const key = Object.keys(table).find((candidate) => table[candidate][locale] === first);
  return key === undefined ? null : [key, ...rest];
}

/** A page of the site independent of language: home is `{ section: null, params: [] }`. */
export interface Route {
  section: Section | null;
  /** Path segments after the section, e.g. a player id. */
  params: string[];
}

export const homeRoute: Route = { section: null, params: [] };

/**
 * The internal segment every unmatched public path is rewritten to; `app/[lang]/[...unmatched]`
 * catches it and answers with the localized 404 page.
 */
export const UNMATCHED_SEGMENT = 'not-found';

export type PathResolution =
  { kind: 'page'; locale: Locale; route: Route | null } | { kind: 'redirect'; location: string };

function isSection(segment: string): segment is Section {
  return Object.hasOwn(sections, segment);
}

function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** A malformed escape such as `%E0%A4` makes the path unmatched rather than a server error. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The public URL path of a page in one language, e.g. `/joueurs/42` or `/en/players/42`. */
export function localizedHref(locale: Locale, route: Route): string {
  const segments =
    route.section === null
      ? []
      : [sections[route.section][locale], ...publicParams(locale, route.section, route.params).map(encodeURIComponent)];
  return [localePrefix(locale), ...segments].join('/') || '/';
}

/** Shorthand for the links of the navigation: a section's landing page. */
export function sectionHref(locale: Locale, section: Section | null): string {
  return localizedHref(locale, { section, params: [] });
}

/**
 * Reads a public path: which language, which page (`null` when no section has that slug in that
 * language), or a redirect when the default language is spelled out (`/fr/...` → `/...`), so every
 * page has one address.
 */
export function resolvePublicPath(pathname: string): PathResolution {
  const segments = splitPath(pathname);
  const [first, ...rest] = segments;
  let locale: Locale = defaultLocale;
  let pageSegments = segments;
  if (first !== undefined && isLocale(first)) {
    if (first === defaultLocale) return { kind: 'redirect', location: `/${rest.join('/')}` };
    locale = first;
    pageSegments = rest;
  }
  if (pageSegments.length === 0) return { kind: 'page', locale, route: homeRoute };
  const [slug, ...params] = pageSegments;
  const section = (Object.keys(sections) as Section[]).find((key) => sections[key][locale] === slug);
  const decoded = params.map(decodeSegment);
  if (!section || decoded.includes(null)) return { kind: 'page', locale, route: null };
  const internal = internalParams(locale, section, decoded as string[]);
  if (internal === null) return { kind: 'page', locale, route: null };
  return { kind: 'page', locale, route: { section, params: internal } };
}

/** Where the proxy rewrites a resolved public path: the `app/[lang]/...` route that renders it. */
export function internalPath(locale: Locale, route: Route | null): string {
  if (route === null) return `/${locale}/${UNMATCHED_SEGMENT}`;
  const segments = route.section === null ? [] : [route.section, ...route.params.map(encodeURIComponent)];
  return ['', locale, ...segments].join('/');
}

/**
 * The segments of the public page: the proxy's internal routes for a query string (`~query`, and `~filter` with its
 * `name=value`, lib/kept-routes.ts) are the same page, their query being the address's.
 */
function publicSegments(segments: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    if (segments[index] === FILTER_SEGMENT) index++;
    else if (!isInternalSegment(segments[index])) kept.push(segments[index]);
  }
  return kept;
}

/**
 * The page a client component is on, read from the active segments below `app/[lang]` (what
 * `useSelectedLayoutSegments()` returns): route groups `(x)` are skipped, unknown sections give `null`.
 */
export function routeFromSegments(segments: readonly string[]): Route | null {
  const [first, ...params] = publicSegments(segments.filter((segment) => !segment.startsWith('(')));
  if (first === undefined) return homeRoute;
  return isSection(first) ? { section: first, params: [...params] } : null;
}

/** The same page in every language, for the language switch and `<link rel="alternate">`. */
export function alternateHrefs(route: Route): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, localizedHref(locale, route)])) as Record<Locale, string>;
}

/** The addresses of the data pages, so no page spells a section's segments out by hand. */
export const pageHrefs = {
  player: (locale: Locale, id: string) => localizedHref(locale, { section: 'players', params: [id] }),
  /** A player's rated tournaments in one pool, with their games (`/joueurs/42/standard`). */
  playerHistory: (locale: Locale, id: string, pool: string) =>
    localizedHref(locale, { section: 'players', params: [id, pool] }),
  tournament: (locale: Locale, id: string) => localizedHref(locale, { section: 'tournaments', params: [id] }),
  ranking: (locale: Locale, pool: string) => localizedHref(locale, { section: 'rankings', params: [pool] }),
  poolLists: (locale: Locale, pool: string) => localizedHref(locale, { section: 'lists', params: [pool] }),
  list: (locale: Locale, pool: string, id: string) => localizedHref(locale, { section: 'lists', params: [pool, id] }),
  poolSystem: (locale: Locale, pool: string) => `${sectionHref(locale, 'how-ratings-work')}#pool-${pool}`,
  /** A page of the staff console: its dashboard (no page), a section (`tournaments`) and an id. */
  staff: (locale: Locale, page?: StaffPage, ...params: string[]) =>
    localizedHref(locale, { section: 'staff', params: page === undefined ? [] : [page, ...params] }),
};
