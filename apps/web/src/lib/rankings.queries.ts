import { graphqlOperation, queryApi } from './api';
import type { CursorPosition } from './pagination';
import { RANKING_ENTRY_FIELDS, type RankingEntryData } from './ranking-entries';
import { firstParam, isIsoDate, type SearchParams } from './search-params';
import { isApiId } from './cache-tags';
import { clubFilter, federationFilter, sexFilter, type Sex } from './filter-values';

/**
 * The rankings page of a pool: one page of the ranking of a published list (the current one, a past
 * one, or the one in force on a date), filtered by category, sex, age group, federation and club,
 * and the pool's published lists for the list picker.
 */

/** One screen of a ranking; the API allows up to 100. */
export const RANKING_PAGE_SIZE = 50;
/** The list picker offers the pool's latest lists (five years of monthly lists); older ones by date ("as of"). */
export const LIST_PICKER_SIZE = 60;

/** The API's `AgeGroup` enum, youngest first: cumulative under-N groups, then 50+ and 65+. */
export const AGE_GROUPS = ['U8', 'U10', 'U12', 'U14', 'U16', 'U18', 'U20', 'S50', 'S65'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

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

export const NO_RANKING_FILTERS: RankingFilters = { category: null, sex: null, ageGroup: null, federation: null, club: null, list: null, asOf: null };

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

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null => (value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null);

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

/** The filters as address parameters, in a stable order (links, pagination, the category menu). */
export function rankingFilterQuery(filters: RankingFilters): Record<string, string | undefined> {
  return Object.fromEntries((Object.keys(RANKING_PARAMS) as (keyof RankingFilters)[]).map((filter) => [RANKING_PARAMS[filter], filters[filter] ?? undefined]));
}

/** Whether the ranking shows only some of the list's players. */
export function filtersPlayers(filters: RankingFilters): boolean {
  return [filters.category, filters.sex, filters.ageGroup, filters.federation, filters.club].some((value) => value !== null);
}

export interface RankingListData {
  id: string;
  period: string;
  effectiveDate: string;
  revision: number;
}

export interface RankingPageData {
  rankings: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    list: RankingListData | null;
    edges: { node: RankingEntryData }[];
  };
  ratingLists: { edges: { node: RankingListData }[] };
}

type RankingVariables = {
  pool: string;
  first: number;
  after: string | null;
  category: string | null;
  sex: Sex | null;
  ageGroup: AgeGroup | null;
  federation: string | null;
  club: string | null;
  list: string | null;
  asOf: string | null;
  lists: number;
};

export const rankingPageQuery = graphqlOperation<RankingPageData, RankingVariables>(
  'RankingPage',
  `query RankingPage($pool: String!, $first: Int!, $after: String, $category: String, $sex: Sex, $ageGroup: AgeGroup, $federation: String, $club: String, $list: ID, $asOf: Date, $lists: Int!) {
  rankings(pool: $pool, first: $first, after: $after, category: $category, sex: $sex, ageGroup: $ageGroup, federation: $federation, club: $club, list: $list, asOf: $asOf) {
    totalCount
    pageInfo { hasNextPage endCursor }
    list { id period effectiveDate revision }
    edges { node { ${RANKING_ENTRY_FIELDS} } }
  }
  ratingLists(pool: $pool, first: $lists) { edges { node { id period effectiveDate revision } } }
}`,
);

export function rankingVariables(pool: string, filters: RankingFilters, position: CursorPosition, pageSize = RANKING_PAGE_SIZE): RankingVariables {
  return { pool, first: pageSize, after: position.after, ...filters, lists: LIST_PICKER_SIZE };
}

export async function fetchRankingPage(pool: string, filters: RankingFilters, position: CursorPosition): Promise<RankingPageData> {
  return queryApi(rankingPageQuery, rankingVariables(pool, filters, position), ['rankings', 'lists']);
}
