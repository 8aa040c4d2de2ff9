import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { graphql } from '@/__generated__/gql';
import { AgeGroup, type RankingPageQuery, type RankingPageQueryVariables, type Sex } from '@/__generated__/graphql';
import { MAX_PAGE_SIZE } from '@ratings/contract';
import { queryApi } from './api';
import { pageLinks, readCursorPosition, type CursorPosition, type PageInfo, type PageLinks } from './pagination';
import { rankingRowId } from './ranking-entries';
import { firstParam, hrefWithQuery, isIsoDate, type SearchParams } from './search-params';
import { isApiId } from './cache-tags';
import { clubFilter, federationFilter, sexFilter } from './filter-values';

/**
 * The rankings page of a pool: one page of the ranking of a published list (the current one, a past
 * one, or the one in force on a date), filtered by category, sex, age group, federation and club,
 * from the top or from a rank ("go to rank", a player's place), with the pool's published lists for
 * the list picker and its clubs and federations for the pick lists.
 */

/** One screen of a ranking: the API's largest page. */
export const RANKING_PAGE_SIZE = MAX_PAGE_SIZE;
/** The list picker offers the pool's latest lists (five years of monthly lists); older ones by date ("as of"). */
export const LIST_PICKER_SIZE = 60;

/** The API's `AgeGroup` enum in the schema's order, youngest first: cumulative under-N groups, then 50+ and 65+. */
export const AGE_GROUPS: readonly AgeGroup[] = Object.values(AgeGroup);

export interface RankingFilters {
  category: string | null;
  sex: Sex | null;
  ageGroup: AgeGroup | null;
  /** FIDE three-letter code, upper case. */
  federation: string | null;
  club: string | null;
  /** A published list's id; takes precedence over `asOf`. */
  list: string | null;
  /** `YYYY-MM-DD`: the list in force on that date. */
  asOf: string | null;
}

export const NO_RANKING_FILTERS: RankingFilters = {
  category: null,
  sex: null,
  ageGroup: null,
  federation: null,
  club: null,
  list: null,
  asOf: null,
};

/** The address's parameter for each filter (the form's field names). */
export const RANKING_PARAMS = {
  category: 'category',
  sex: 'sex',
  ageGroup: 'age',
  federation: 'federation',
  club: 'club',
  list: 'list',
  asOf: 'date',
} as const satisfies Record<keyof RankingFilters, string>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null =>
  value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * The filters an address asks for. A value the pool cannot have (an unknown category, a malformed
 * date) is dropped rather than refused, so an edited or outdated link still shows a ranking.
 */
export function parseRankingFilters(params: SearchParams, categoryCodes: readonly string[]): RankingFilters {
  const read = (filter: keyof RankingFilters) => firstParam(params, RANKING_PARAMS[filter]);
  const list = read('list');
  const asOf = read('asOf');
  return {
    category: oneOf(categoryCodes, read('category')?.toUpperCase()),
    sex: sexFilter(read('sex')),
    ageGroup: oneOf(AGE_GROUPS, read('ageGroup')?.toUpperCase()),
    federation: federationFilter(read('federation')),
    club: clubFilter(read('club')),
    list: list !== undefined && isApiId(list) ? list : null,
    asOf: list === undefined || !isApiId(list) ? (asOf !== undefined && isIsoDate(asOf) ? asOf : null) : null,
  };
}

/** Whether the ranking shows only some of the list's players. */
export function filtersPlayers(filters: RankingFilters): boolean {
  return [filters.category, filters.sex, filters.ageGroup, filters.federation, filters.club].some(
    (value) => value !== null,
  );
}

/** The address's parameter for a jump to a rank (`?rank=250`): the page starts there. */
export const RANK_PARAM = 'rank';
/** A rank written in the address: a positive whole number of at most nine digits (the API's `Int`). */
const RANK = /^[1-9]\d{0,8}$/;

/**
 * Where a page of a ranking starts: at the top, or at a rank (`fromRank`), then forward by cursors
 * (`after`, with the `prev` trail back to that start). Rank 1 is the top.
 */
export interface RankingPosition extends CursorPosition {
  fromRank: number | null;
}

export function readRankingPosition(params: SearchParams): RankingPosition {
  const rank = firstParam(params, RANK_PARAM);
  const fromRank = rank !== undefined && RANK.test(rank) && rank !== '1' ? Number(rank) : null;
  return { ...readCursorPosition(params), fromRank };
}

export interface RankingPageLinks extends PageLinks {
  /** For a page reached by rank: the ranks it shows (its page number is unknown); null otherwise. */
  ranks: { from: number; to: number } | null;
}

/**
 * The pagination of a ranking. From the top it is the usual cursor pagination. From a rank, the rank
 * stays in every link so the cursors chain from it; "first" goes back to the top, and the page where
 * the jump landed offers the hundred ranks before it as its previous page (the API pages forward only).
 */
export function rankingPageLinks(
  path: string,
  filterQuery: Record<string, string | undefined>,
  position: RankingPosition,
  pageInfo: PageInfo,
  totalCount: number,
  shownRanks: readonly number[],
): RankingPageLinks {
  if (position.fromRank === null)
    return { ...pageLinks(path, filterQuery, position, pageInfo, totalCount, RANKING_PAGE_SIZE), ranks: null };
  const links = pageLinks(
    path,
    { ...filterQuery, [RANK_PARAM]: String(position.fromRank) },
    position,
    pageInfo,
    totalCount,
    RANKING_PAGE_SIZE,
  );
  const top = hrefWithQuery(path, filterQuery);
  const firstShown = shownRanks[0] ?? position.fromRank;
  const earlier = firstShown - RANKING_PAGE_SIZE;
  const previous =
    position.after !== null
      ? links.previous
      : firstShown <= 1
        ? null
        : earlier <= 1
          ? top
          : hrefWithQuery(path, { ...filterQuery, [RANK_PARAM]: String(earlier) });
  return {
    ...links,
    first: top,
    previous,
    ranks: shownRanks.length === 0 ? null : { from: firstShown, to: shownRanks[shownRanks.length - 1] },
  };
}

/** A player's place in a pool's current ranking: the page starting at his rank, scrolled to his row. */
export function rankingPlaceHref(locale: Locale, pool: string, rank: number, playerId: string): string {
  return `${hrefWithQuery(pageHrefs.ranking(locale, pool), { [RANK_PARAM]: rank > 1 ? String(rank) : undefined })}#${rankingRowId(playerId)}`;
}

export const rankingPageQuery = graphql(`
  query RankingPage(
    $pool: String!
    $first: Int!
    $after: String
    $fromRank: Int
    $category: String
    $sex: Sex
    $ageGroup: AgeGroup
    $federation: String
    $club: String
    $list: ID
    $asOf: Date
    $lists: Int!
  ) {
    rankings(
      pool: $pool
      first: $first
      after: $after
      fromRank: $fromRank
      category: $category
      sex: $sex
      ageGroup: $ageGroup
      federation: $federation
      club: $club
      list: $list
      asOf: $asOf
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      list {
        id
        period
        effectiveDate
        upcoming
        revision
      }
      edges {
        node {
          ...RankingEntryFields
        }
      }
    }
    ratingLists(pool: $pool, first: $lists) {
      edges {
        node {
          id
          period
          effectiveDate
          upcoming
          revision
        }
      }
    }
    pool(code: $pool) {
      clubs
      federations
    }
  }
`);

/** The cursor, once there is one, carries the start: the rank only goes to the API for the page it names. */
export function rankingVariables(
  pool: string,
  filters: RankingFilters,
  position: RankingPosition,
): RankingPageQueryVariables {
  return {
    pool,
    first: RANKING_PAGE_SIZE,
    after: position.after,
    fromRank: position.after === null ? position.fromRank : null,
    ...filters,
    lists: LIST_PICKER_SIZE,
  };
}

/** A pick list's choices, with the current value kept when the list in force no longer has it (a past list's club). */
export function pickListOptions(choices: readonly string[], current: string | null): string[] {
  return current !== null && !choices.includes(current) ? [...choices, current] : [...choices];
}

export async function fetchRankingPage(
  pool: string,
  filters: RankingFilters,
  position: RankingPosition,
): Promise<RankingPageQuery> {
  return queryApi(rankingPageQuery, rankingVariables(pool, filters, position), ['rankings', 'lists']);
}
