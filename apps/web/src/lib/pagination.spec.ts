import { FIRST_PAGE, numberedPageLinks, pageLinks, readCursorPosition, readPageNumber } from './pagination';

const path = '/classements/standard';
const filters = { category: 'GM', sex: undefined };

describe('readCursorPosition', () => {
  it('is the first page without a cursor', () => {
    expect(readCursorPosition({})).toEqual(FIRST_PAGE);
    expect(readCursorPosition({ prev: 'abc' })).toEqual(FIRST_PAGE);
  });

  it('reads the cursor and the cursors of the pages before it', () => {
    expect(readCursorPosition({ after: 'YzE6cmFuazo1MA', prev: 'YzE6cmFuazoy,YzE6cmFuazoz' })).toEqual({
      after: 'YzE6cmFuazo1MA',
      trail: ['YzE6cmFuazoy', 'YzE6cmFuazoz'],
    });
  });

  it('refuses what is not base64url: back to page 1, or a trail dropped', () => {
    expect(readCursorPosition({ after: '<script>' })).toEqual(FIRST_PAGE);
    expect(readCursorPosition({ after: 'abc', prev: 'ok,not ok' })).toEqual({ after: 'abc', trail: [] });
  });
});

describe('pageLinks', () => {
  it('offers only the next page from the first one', () => {
    const links = pageLinks(path, filters, FIRST_PAGE, { hasNextPage: true, endCursor: 'c50' }, 120, 50);
    expect(links).toEqual({
      pageNumber: 1,
      pageCount: 3,
      first: null,
      previous: null,
      next: '/classements/standard?category=GM&after=c50',
    });
  });

  it('goes forward carrying the trail, and back to the page before', () => {
    const second = pageLinks(
      path,
      filters,
      { after: 'c50', trail: [] },
      { hasNextPage: true, endCursor: 'c100' },
      120,
      50,
    );
    expect(second.pageNumber).toBe(2);
    expect(second.previous).toBe('/classements/standard?category=GM');
    expect(second.first).toBe('/classements/standard?category=GM');
    expect(second.next).toBe('/classements/standard?category=GM&after=c100&prev=c50');

    const third = pageLinks(
      path,
      filters,
      readCursorPosition({ after: 'c100', prev: 'c50' }),
      { hasNextPage: false, endCursor: 'c120' },
      120,
      50,
    );
    expect(third).toEqual({
      pageNumber: 3,
      pageCount: 3,
      first: '/classements/standard?category=GM',
      previous: '/classements/standard?category=GM&after=c50',
      next: null,
    });
  });

  it('walks back and forth to the same addresses', () => {
    const fourth = { after: 'c150', trail: ['c50', 'c100'] };
    const links = pageLinks(path, {}, fourth, { hasNextPage: true, endCursor: 'c200' }, 1000, 50);
    expect(links.previous).toBe('/classements/standard?after=c100&prev=c50');
    expect(links.next).toBe('/classements/standard?after=c200&prev=c50%2Cc100%2Cc150');
    expect(readCursorPosition(Object.fromEntries(new URL(`http://x${links.next}`).searchParams))).toEqual({
      after: 'c200',
      trail: ['c50', 'c100', 'c150'],
    });
    expect(links.pageNumber).toBe(4);
    expect(links.pageCount).toBe(20);
  });

  it('counts one page for an empty result', () => {
    expect(pageLinks(path, {}, FIRST_PAGE, { hasNextPage: false, endCursor: null }, 0, 50)).toMatchObject({
      pageNumber: 1,
      pageCount: 1,
      next: null,
    });
  });
});

describe('pages by number', () => {
  it('reads ?page=N, 1 for anything that is no page number', () => {
    expect(readPageNumber({ page: '3' })).toBe(3);
    for (const page of [undefined, '0', '-2', 'abc', '2.5', '9'.repeat(40)]) expect(readPageNumber({ page })).toBe(1);
    expect(readPageNumber({ page: '999999999' })).toBe(100_000);
  });

  it('links the first, previous and next pages, keeping the query, page 1 without a number', () => {
    expect(numberedPageLinks('/en/staff/simulate', { pool: 'standard' }, 2, 120, 50)).toEqual({
      pageNumber: 2,
      pageCount: 3,
      first: '/en/staff/simulate?pool=standard',
      previous: '/en/staff/simulate?pool=standard',
      next: '/en/staff/simulate?pool=standard&page=3',
    });
    expect(numberedPageLinks('/p', {}, 1, 0, 50)).toEqual({
      pageNumber: 1,
      pageCount: 1,
      first: null,
      previous: null,
      next: null,
    });
  });

  it('sends a page past the end back to the last one', () => {
    expect(numberedPageLinks('/p', {}, 9, 120, 50)).toMatchObject({ previous: '/p?page=3', next: null });
  });
});
