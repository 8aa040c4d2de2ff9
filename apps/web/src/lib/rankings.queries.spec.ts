import { MAX_CLUB_LENGTH } from '@ratings/contract';
import { FIRST_PAGE } from './pagination';
import {
  filtersPlayers,
  NO_RANKING_FILTERS,
  parseRankingFilters,
  pickListOptions,
  rankingPageLinks,
  rankingPlaceHref,
  rankingVariables,
  RANKING_PAGE_SIZE,
  RANKING_PARAMS,
  readRankingPosition,
  type RankingPosition,
} from './rankings.queries';
import { filterQuery, hrefWithQuery } from './search-params';

const CATEGORIES = ['GM', 'M', 'EXPERT', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];

describe('parseRankingFilters', () => {
  it('reads every filter of the form', () => {
    expect(
      parseRankingFilters(
        { category: 'GM', sex: 'F', age: 'U12', federation: 'can', club: 'Club A', list: '3', date: '' },
        CATEGORIES,
      ),
    ).toEqual({
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
    expect(
      parseRankingFilters(
        { category: '', sex: '', age: '', federation: '', club: '  ', list: '', date: '' },
        CATEGORIES,
      ),
    ).toEqual(NO_RANKING_FILTERS);
  });

  it('accepts codes in any case', () => {
    expect(parseRankingFilters({ category: 'expert', sex: 'm', age: 's65' }, CATEGORIES)).toMatchObject({
      category: 'EXPERT',
      sex: 'M',
      ageGroup: 'S65',
    });
  });

  it.each([
    [{ category: 'ZZ' }, 'category'],
    [{ sex: 'X' }, 'sex'],
    [{ age: 'U9' }, 'ageGroup'],
    [{ federation: 'CANADA' }, 'federation'],
    [{ federation: 'C4N' }, 'federation'],
    [{ club: 'x'.repeat(MAX_CLUB_LENGTH + 1) }, 'club'],
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
    const filters = parseRankingFilters(
      { age: 'U12', club: "Club d'échecs de Montréal", date: '2026-10-15' },
      CATEGORIES,
    );
    const href = hrefWithQuery('/classements/standard', filterQuery(RANKING_PARAMS, filters));
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

describe('readRankingPosition', () => {
  it('starts at the top, or at a rank the address names', () => {
    expect(readRankingPosition({})).toEqual({ ...FIRST_PAGE, fromRank: null });
    expect(readRankingPosition({ rank: '250' })).toEqual({ ...FIRST_PAGE, fromRank: 250 });
    expect(readRankingPosition({ rank: '250', after: 'c349', prev: '' })).toEqual({
      after: 'c349',
      trail: [],
      fromRank: 250,
    });
  });

  it.each(['0', '1', '-3', '2.5', 'abc', '1e3', '1234567890'])('reads rank=%s as the top', (rank) => {
    expect(readRankingPosition({ rank }).fromRank).toBeNull();
  });
});

describe('rankingVariables', () => {
  const top: RankingPosition = { ...FIRST_PAGE, fromRank: null };

  it('asks the API for one page of 100 rows of the pool with the filters', () => {
    expect(RANKING_PAGE_SIZE).toBe(100);
    expect(
      rankingVariables(
        'standard',
        { ...NO_RANKING_FILTERS, category: 'GM' },
        { after: 'c100', trail: [], fromRank: null },
      ),
    ).toEqual({
      pool: 'standard',
      first: 100,
      after: 'c100',
      fromRank: null,
      category: 'GM',
      sex: null,
      ageGroup: null,
      federation: null,
      club: null,
      list: null,
      asOf: null,
      lists: 60,
    });
    expect(rankingVariables('rapid', NO_RANKING_FILTERS, top).after).toBeNull();
  });

  it('sends the rank for the page it starts, the cursor after it', () => {
    expect(rankingVariables('standard', NO_RANKING_FILTERS, { ...FIRST_PAGE, fromRank: 250 })).toMatchObject({
      after: null,
      fromRank: 250,
    });
    expect(rankingVariables('standard', NO_RANKING_FILTERS, { after: 'c349', trail: [], fromRank: 250 })).toMatchObject(
      { after: 'c349', fromRank: null },
    );
  });
});

describe('rankingPageLinks', () => {
  const path = '/classements/standard';
  const ranks = (from: number) => Array.from({ length: RANKING_PAGE_SIZE }, (_, index) => from + index);

  it('is the cursor pagination from the top, with page numbers', () => {
    const links = rankingPageLinks(
      path,
      { category: 'GM' },
      { ...FIRST_PAGE, fromRank: null },
      { hasNextPage: true, endCursor: 'c100' },
      250,
      ranks(1),
    );
    expect(links).toEqual({
      pageNumber: 1,
      pageCount: 3,
      first: null,
      previous: null,
      next: '/classements/standard?category=GM&after=c100',
      ranks: null,
    });
  });

  it('keeps the rank in the links from a jump, goes back a hundred ranks, and to the top', () => {
    const jump = rankingPageLinks(
      path,
      {},
      { ...FIRST_PAGE, fromRank: 250 },
      { hasNextPage: true, endCursor: 'c349' },
      40_000,
      ranks(250),
    );
    expect(jump).toMatchObject({
      first: '/classements/standard',
      previous: '/classements/standard?rank=150',
      next: '/classements/standard?rank=250&after=c349',
      ranks: { from: 250, to: 349 },
    });
    const after = rankingPageLinks(
      path,
      {},
      readRankingPosition({ rank: '250', after: 'c349' }),
      { hasNextPage: true, endCursor: 'c449' },
      40_000,
      ranks(350),
    );
    expect(after).toMatchObject({
      previous: '/classements/standard?rank=250',
      next: '/classements/standard?rank=250&after=c449&prev=c349',
      ranks: { from: 350, to: 449 },
    });
  });

  it('starts the previous page from the first rank shown (ties), and at the top near it', () => {
    const tied = rankingPageLinks(
      path,
      { club: 'Club A' },
      { ...FIRST_PAGE, fromRank: 37 },
      { hasNextPage: false, endCursor: null },
      90,
      [40, 40, 42],
    );
    expect(tied).toMatchObject({
      previous: '/classements/standard?club=Club+A',
      first: '/classements/standard?club=Club+A',
      next: null,
      ranks: { from: 40, to: 42 },
    });
    const deeper = rankingPageLinks(
      path,
      {},
      { ...FIRST_PAGE, fromRank: 150 },
      { hasNextPage: false, endCursor: null },
      400,
      [152],
    );
    expect(deeper.previous).toBe('/classements/standard?rank=52');
  });

  it('has no range to show past the last rank', () => {
    expect(
      rankingPageLinks(path, {}, { ...FIRST_PAGE, fromRank: 900 }, { hasNextPage: false, endCursor: null }, 30, [])
        .ranks,
    ).toBeNull();
  });
});

describe('rankingPlaceHref', () => {
  it('opens the ranking at the player’s rank, on his row', () => {
    expect(rankingPlaceHref('fr', 'standard', 12, '42')).toBe('/classements/standard?rank=12#player-42');
    expect(rankingPlaceHref('en', 'rapid', 1, '7')).toBe('/en/rankings/rapid#player-7');
  });
});

describe('pickListOptions', () => {
  it('offers the API’s choices, and keeps a chosen value the list in force lacks', () => {
    expect(pickListOptions(['Club A', 'Club B'], null)).toEqual(['Club A', 'Club B']);
    expect(pickListOptions(['Club A', 'Club B'], 'Club B')).toEqual(['Club A', 'Club B']);
    expect(pickListOptions(['Club A', 'Club B'], 'Club disparu')).toEqual(['Club A', 'Club B', 'Club disparu']);
  });
});
