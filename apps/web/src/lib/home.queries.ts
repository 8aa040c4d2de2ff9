import { graphql } from '@/__generated__/gql';
import type { HomePageQuery } from '@/__generated__/graphql';
import { queryApi } from './api';
import { toRankingRow, type RankingRow } from './ranking-entries';

/**
 * The home page in ONE request: every pool's list in force with its top 10 and its biggest gains since
 * the previous list (`RatingList.biggestGains`), and the latest rated tournaments (`status: RATED`).
 */

/** The players each pool shows on the home page. */
export const HOME_TOP_COUNT = 10;
export const GAINS_COUNT = 5;
/** Tournaments the home page lists. */
export const RECENT_TOURNAMENTS_COUNT = 5;

export const homePageQuery = graphql(`
  query HomePage($top: Int!, $gains: Int!, $tournaments: Int!) {
    pools {
      code
      name
      nameFr
      currentList {
        id
        period
        effectiveDate
        upcoming
        revision
        stats {
          listed
        }
        entries(first: $top) {
          edges {
            node {
              ...RankingEntryFields
            }
          }
        }
        biggestGains(first: $gains) {
          ...RankingEntryFields
        }
      }
    }
    tournaments(status: RATED, first: $tournaments) {
      edges {
        node {
          id
          name
          city
          startDate
          endDate
          pool {
            code
            name
            nameFr
          }
        }
      }
    }
  }
`);

type HomePoolData = HomePageQuery['pools'][number];
export type HomeListData = NonNullable<HomePoolData['currentList']>;
type HomeTournamentData = HomePageQuery['tournaments']['edges'][number]['node'];

export interface HomePool {
  code: string;
  name: string;
  nameFr: string | null;
  list: Pick<HomeListData, 'id' | 'period' | 'effectiveDate' | 'upcoming' | 'revision' | 'stats'> | null;
  top: RankingRow[];
  gains: RankingRow[];
}

export function toHomePool(pool: HomePoolData): HomePool {
  const { code, name, nameFr, currentList: list } = pool;
  if (list === null) return { code, name, nameFr, list: null, top: [], gains: [] };
  return {
    code,
    name,
    nameFr,
    list: {
      id: list.id,
      period: list.period,
      effectiveDate: list.effectiveDate,
      upcoming: list.upcoming,
      revision: list.revision,
      stats: list.stats,
    },
    top: list.entries.edges.map((edge) => toRankingRow(edge.node)),
    gains: list.biggestGains.map(toRankingRow),
  };
}

export interface HomeData {
  pools: HomePool[];
  tournaments: HomeTournamentData[];
}

export async function fetchHome(): Promise<HomeData> {
  const data = await queryApi(
    homePageQuery,
    { top: HOME_TOP_COUNT, gains: GAINS_COUNT, tournaments: RECENT_TOURNAMENTS_COUNT },
    ['pools', 'lists', 'rankings', 'tournaments'],
  );
  return { pools: data.pools.map(toHomePool), tournaments: data.tournaments.edges.map((edge) => edge.node) };
}
