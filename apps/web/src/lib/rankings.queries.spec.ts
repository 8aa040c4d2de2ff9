import { FIRST_PAGE } from './pagination';
import { filtersPlayers, NO_RANKING_FILTERS, parseRankingFilters, rankingFilterQuery, rankingVariables, RANKING_PAGE_SIZE } from './rankings.queries';
import { hrefWithQuery } from './search-params';

const CATEGORIES = ['GM', 'M', 'EXPERT', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];

describe('parseRankingFilters', () => {
  it('reads every filter of the form', () => {
    expect(parseRankingFilters({ category: 'GM', sex: 'F', age: 'U12', federation: 'can', club: 'Club A', list: '3', date: '' }, CATEGORIES)).toEqual({
      category: 'GM',
      sex: 'F',
      ageGroup: 'U12',
      federation: 'CAN',
      club: 'Club A',
      list: '3',
      asOf: null,
    });
  });

  it('is unfiltered without parameters, or with the form submitted empty', () => {
    expect(parseRankingFilters({}, CATEGORIES)).toEqual(NO_RANKING_FILTERS);
    expect(parseRankingFilters({ category: '', sex: '', age: '', federation: '', club: '  ', list: '', date: '' }, CATEGORIES)).toEqual(NO_RANKING_FILTERS);
  });

  it('accepts codes in any case', () => {
    expect(parseRankingFilters({ category: 'expert', sex: 'm', age: 's65' }, CATEGORIES)).toMatchObject({ category: 'EXPERT', sex: 'M', ageGroup: 'S65' });
  });

  it.each([
    [{ category: 'ZZ' }, 'category'],
    [{ sex: 'X' }, 'sex'],
    [{ age: 'U9' }, 'ageGroup'],
    [{ federation: 'CANADA' }, 'federation'],
    [{ federation: 'C4N' }, 'federation'],
    [{ club: 'x'.repeat(201) }, 'club'],
    [{ list: 'abc' }, 'list'],
    [{ list: '0' }, 'list'],
    [{ date: '2026-02-30' }, 'asOf'],
  ] as const)('drops a value the pool cannot have: %j', (params, filter) => {
    expect(parseRankingFilters(params, CATEGORIES)[filter]).toBeNull();
  });

  it('takes a chosen list over a date', () => {
    expect(parseRankingFilters({ list: '2', date: '2026-10-15' }, CATEGORIES)).toMatchObject({ list: '2', asOf: null });
    expect(parseRankingFilters({ date: '2026-10-15' }, CATEGORIES)).toMatchObject({ list: null, asOf: '2026-10-15' });
  });
});

describe('rankingFilterQuery', () => {
  it('writes back what it read, so links keep the filters', () => {
    const filters = parseRankingFilters({ age: 'U12', club: "Club d'échecs de Montréal", date: '2026-10-15' }, CATEGORIES);
    const href = hrefWithQuery('/classements/standard', rankingFilterQuery(filters));
    expect(href).toBe('/classements/standard?age=U12&club=Club+d%27%C3%A9checs+de+Montr%C3%A9al&date=2026-10-15');
    const reread = parseRankingFilters(Object.fromEntries(new URL(`http://x${href}`).searchParams), CATEGORIES);
    expect(reread).toEqual(filters);
  });
});

describe('filtersPlayers', () => {
  it('is true for a filter on players, not for the choice of a list', () => {
    expect(filtersPlayers(NO_RANKING_FILTERS)).toBe(false);
    expect(filtersPlayers({ ...NO_RANKING_FILTERS, list: '2', asOf: null })).toBe(false);
    expect(filtersPlayers({ ...NO_RANKING_FILTERS, ageGroup: 'U12' })).toBe(true);
  });
});

describe('rankingVariables', () => {
  it('asks the API for one page of the pool with the filters', () => {
    expect(rankingVariables('standard', { ...NO_RANKING_FILTERS, category: 'GM' }, { after: 'c50', trail: [] })).toEqual({
      pool: 'standard',
      first: RANKING_PAGE_SIZE,
      after: 'c50',
      category: 'GM',
      sex: null,
      ageGroup: null,
      federation: null,
      club: null,
      list: null,
      asOf: null,
      lists: 60,
    });
    expect(rankingVariables('rapid', NO_RANKING_FILTERS, FIRST_PAGE).after).toBeNull();
  });
});
