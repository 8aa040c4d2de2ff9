import { firstParam, hrefWithQuery, type SearchParams } from './search-params';

/**
 * Cursor pagination links. The API pages forward only (`first`/`after`, Relay style), so the address
 * of a page carries its own cursor (`after`) and the cursors of the pages before it (`prev`), which is
 * what the "previous page" link needs. Cursors are opaque: they are never decoded, only checked for
 * the characters the API writes them with (base64url).
 */

export const AFTER_PARAM = 'after';
export const TRAIL_PARAM = 'prev';
const TRAIL_SEPARATOR = ',';
/** The API's cursors are base64url text; anything else in the address is not one of ours. */
const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;

/** Where a page stands: its cursor (`null` on the first page) and the cursors of pages 2 … n−1. */
export interface CursorPosition {
  after: string | null;
  trail: string[];
}

export const FIRST_PAGE: CursorPosition = { after: null, trail: [] };

/** A cursor that is not base64url, or a trail with one, puts the reader back on the first page. */
export function readCursorPosition(params: SearchParams): CursorPosition {
  const after = firstParam(params, AFTER_PARAM);
  if (after === undefined || !CURSOR.test(after)) return FIRST_PAGE;
  const trailText = firstParam(params, TRAIL_PARAM);
  const trail = trailText === undefined ? [] : trailText.split(TRAIL_SEPARATOR);
  return trail.every((cursor) => CURSOR.test(cursor)) ? { after, trail } : { after, trail: [] };
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface PageLinks {
  /** 1 for the first page. */
  pageNumber: number;
  /** At least 1, so an empty result reads "page 1 of 1". */
  pageCount: number;
  first: string | null;
  previous: string | null;
  next: string | null;
}

function positionQuery(position: CursorPosition): Record<string, string | undefined> {
  return {
    [AFTER_PARAM]: position.after ?? undefined,
    [TRAIL_PARAM]: position.trail.length > 0 ? position.trail.join(TRAIL_SEPARATOR) : undefined,
  };
}

/**
 * The links around the current page of `path` (whose other parameters, `query`, every link keeps):
 * the first page and the previous one (absent on page 1), the next one (absent on the last page).
 */
export function pageLinks(
  path: string,
  query: Record<string, string | undefined>,
  position: CursorPosition,
  pageInfo: PageInfo,
  totalCount: number,
  pageSize: number,
): PageLinks {
  const link = (target: CursorPosition) => hrefWithQuery(path, { ...query, ...positionQuery(target) });
  const onFirstPage = position.after === null;
  const previous: CursorPosition | null = onFirstPage
    ? null
    : position.trail.length === 0
      ? FIRST_PAGE
      : { after: position.trail[position.trail.length - 1], trail: position.trail.slice(0, -1) };
  const next: CursorPosition | null =
    pageInfo.hasNextPage && pageInfo.endCursor !== null
      ? { after: pageInfo.endCursor, trail: position.after === null ? [] : [...position.trail, position.after] }
      : null;
  return {
    pageNumber: onFirstPage ? 1 : position.trail.length + 2,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    first: onFirstPage ? null : link(FIRST_PAGE),
    previous: previous === null ? null : link(previous),
    next: next === null ? null : link(next),
  };
}

/** The query parameter of a page number, for the tables the API pages by offset. */
export const PAGE_PARAM = 'page';
/** Beyond any table's last page: a larger number is read as this, so an offset never overflows. */
const MAX_PAGE_NUMBER = 100_000;

/** `?page=N` (1 when absent or not a whole number from 1). */
export function readPageNumber(params: SearchParams): number {
  const text = firstParam(params, PAGE_PARAM);
  if (text === undefined || !/^\d{1,9}$/.test(text)) return 1;
  return Math.min(Math.max(1, Number(text)), MAX_PAGE_NUMBER);
}

/** The links around page `pageNumber` of a table of `totalCount` rows paged by number (`?page=N`). */
export function numberedPageLinks(
  path: string,
  query: Record<string, string | undefined>,
  pageNumber: number,
  totalCount: number,
  pageSize: number,
): PageLinks {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  const link = (target: number) =>
    hrefWithQuery(path, { ...query, [PAGE_PARAM]: target === 1 ? undefined : String(target) });
  return {
    pageNumber,
    pageCount,
    first: pageNumber > 1 ? link(1) : null,
    previous: pageNumber > 1 ? link(Math.min(pageNumber - 1, pageCount)) : null,
    next: pageNumber < pageCount ? link(pageNumber + 1) : null,
  };
}
