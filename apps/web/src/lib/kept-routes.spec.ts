import type { Route } from '@/i18n/routes';
import {
  FILTER_SEGMENT,
  isInternalSegment,
  keptRoute,
  needsFilterValues,
  QUERY_SEGMENT,
  readFilterSegment,
  type KnownFilterValues,
} from './kept-routes';

/** The standard pool knows category GM and the club "Club d'échecs de Québec"; nothing else. */
const known: KnownFilterValues = (pool, filter, value) =>
  pool === 'standard' &&
  ((filter === 'category' && value === 'GM') || (filter === 'club' && value === "Club d'échecs de Québec"));

const ranking: Route = { section: 'rankings', params: ['standard'] };
const search = (query: string) => new URLSearchParams(query);

describe('keptRoute', () => {
  it('leaves an address without a query string on its kept route, ignoring the RSC key', () => {
    expect(keptRoute(ranking, search(''), known)).toEqual(ranking);
    expect(keptRoute(ranking, search('_rsc=1x2y'), known)).toEqual(ranking);
  });

  it('sends a ranking with one known filter value to its kept filter route', () => {
    expect(keptRoute(ranking, search('category=GM'), known)).toEqual({
      section: 'rankings',
      params: ['standard', FILTER_SEGMENT, 'category=GM'],
    });
    expect(keptRoute(ranking, search('club=Club+d%27%C3%A9checs+de+Qu%C3%A9bec&_rsc=9'), known).params).toEqual([
      'standard',
      FILTER_SEGMENT,
      "club=Club d'échecs de Québec",
    ]);
  });

  it.each([
    ['an unknown value', 'category=ZZ'],
    ['a value of another spelling', 'category=gm'],
    ['a filter that gets no kept page', 'list=3'],
    ['two filters', 'category=GM&sex=F'],
    ['a page', 'rank=250'],
    ['a repeated filter', 'category=GM&category=GM'],
  ])('sends a ranking with %s to the per-request route', (_case, query) => {
    expect(keptRoute(ranking, search(query), known).params).toEqual(['standard', QUERY_SEGMENT]);
  });

  it('asks the pool the value belongs to', () => {
    expect(keptRoute({ section: 'rankings', params: ['rapid'] }, search('category=GM'), known).params).toEqual([
      'rapid',
      QUERY_SEGMENT,
    ]);
  });

  it.each<[Route, string[]]>([
    [{ section: 'tournaments', params: ['7'] }, ['7', QUERY_SEGMENT]],
    [{ section: 'tournaments', params: [] }, [QUERY_SEGMENT]],
    [{ section: 'players', params: [] }, [QUERY_SEGMENT]],
    [{ section: 'lists', params: ['standard'] }, ['standard', QUERY_SEGMENT]],
  ])('sends the other pages that read a query string to their per-request route: %j', (route, params) => {
    expect(keptRoute(route, search('q=x'), known)).toEqual({ ...route, params });
  });

  it.each<Route>([
    { section: 'players', params: ['42'] },
    { section: 'lists', params: ['standard', '3'] },
    { section: 'calculator', params: [] },
    { section: null, params: [] },
    { section: 'staff', params: ['tournaments'] },
  ])('keeps a page that reads no query string whatever the query: %j', (route) => {
    expect(keptRoute(route, search('utm_source=feed'), known)).toEqual(route);
  });
});

describe('needsFilterValues', () => {
  it('is true only for a ranking with exactly one parameter', () => {
    expect(needsFilterValues(ranking, search('category=GM'))).toBe(true);
    expect(needsFilterValues(ranking, search('category=GM&_rsc=1'))).toBe(true);
    expect(needsFilterValues(ranking, search(''))).toBe(false);
    expect(needsFilterValues(ranking, search('category=GM&sex=F'))).toBe(false);
    expect(needsFilterValues({ section: 'tournaments', params: ['7'] }, search('system=elo'))).toBe(false);
  });
});

describe('readFilterSegment', () => {
  it('reads back what the proxy wrote, the value keeping any "="', () => {
    expect(readFilterSegment('club=A=B')).toEqual({ filter: 'club', value: 'A=B' });
    expect(readFilterSegment('age=U12')).toEqual({ filter: 'age', value: 'U12' });
  });

  it.each(['category', 'category=', 'list=3', 'nothing'])('refuses %s', (segment) => {
    expect(readFilterSegment(segment)).toBeNull();
  });
});

describe('isInternalSegment', () => {
  it('marks the internal routes a public address may not spell', () => {
    expect(isInternalSegment(QUERY_SEGMENT)).toBe(true);
    expect(isInternalSegment(FILTER_SEGMENT)).toBe(true);
    expect(isInternalSegment('standard')).toBe(false);
  });
});
