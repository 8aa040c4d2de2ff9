import { graphql } from '@/__generated__/gql';
import type { TournamentsQuery } from '@/__generated__/graphql';
import { queryApi } from './api';
import type { CursorPosition } from './pagination';
import { searchFilter } from './filter-values';
import { isPoolCode } from './pools.queries';
import { firstParam, isIsoDate, type SearchParams } from './search-params';

/** The tournaments page: every tournament, newest first, searchable by name or city, by pool and dates. */

export const TOURNAMENTS_PAGE_SIZE = 30;

export interface TournamentFilters {
  search: string | null;
  pool: string | null;
  /** Ending on or after. */
  from: string | null;
  /** Ending on or before. */
  to: string | null;
}

export const TOURNAMENT_PARAMS = { search: 'q', pool: 'pool', from: 'from', to: 'to' } as const satisfies Record<
  keyof TournamentFilters,
  string
>;

/** Filters from the address; a value the API would refuse (unknown pool, malformed date, over-long text) is dropped. */
export function parseTournamentFilters(params: SearchParams, poolCodes: readonly string[]): TournamentFilters {
  const search = firstParam(params, TOURNAMENT_PARAMS.search);
  const pool = firstParam(params, TOURNAMENT_PARAMS.pool);
  const from = firstParam(params, TOURNAMENT_PARAMS.from);
  const to = firstParam(params, TOURNAMENT_PARAMS.to);
  return {
    search: searchFilter(search),
    pool: pool !== undefined && isPoolCode(pool) && poolCodes.includes(pool) ? pool : null,
    from: from !== undefined && isIsoDate(from) ? from : null,
    to: to !== undefined && isIsoDate(to) ? to : null,
  };
}

export const tournamentsQuery = graphql(`
  query Tournaments($first: Int!, $after: String, $search: String, $pool: String, $from: Date, $to: Date) {
    tournaments(first: $first, after: $after, search: $search, pool: $pool, from: $from, to: $to) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          name
          city
          startDate
          endDate
          rounds
          type
          status
          pool {
            code
            name
            nameFr
          }
          ratedIn {
            id
            period
          }
        }
      }
    }
  }
`);

export async function fetchTournaments(
  filters: TournamentFilters,
  position: CursorPosition,
): Promise<TournamentsQuery['tournaments']> {
  const { tournaments } = await queryApi(
    tournamentsQuery,
    { first: TOURNAMENTS_PAGE_SIZE, after: position.after, ...filters },
    ['tournaments'],
  );
  return tournaments;
}
