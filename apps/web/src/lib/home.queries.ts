import { graphqlOperation, queryApi } from './api';
import type { PoolData } from './pools.queries';
import { biggestGains, RANKING_ENTRY_FIELDS, toRankingRow, type RankingEntryData, type RankingRow } from './ranking-entries';

/**
 * The home page: each pool's list in force with its top 10 and its biggest gains, and the latest
 * rated tournaments. One request per pool (they run in parallel): the API's cost limit counts a
 * connection's rows twice (`first` × an assumed 25 `edges`), so several pools' rankings do not fit
 * in one operation (see README, "What the API lacks").
 */

/** The players each pool shows on the home page. */
export const HOME_TOP_COUNT = 10;
/**
 * How deep into each list the biggest gains are looked for. The API cannot order a list by change,
 * so the site reads the top of the ranking and says so on the page.
 */
export const GAINS_SAMPLE_SIZE = 50;
export const GAINS_COUNT = 5;
/** Tournaments the home page lists, and how many recent ones it reads to find that many rated ones. */
export const RECENT_TOURNAMENTS_COUNT = 5;
export const RECENT_TOURNAMENTS_SAMPLE = 20;

export interface HomeListData {
  id: string;
  period: string;
  effectiveDate: string;
  revision: number;
  stats: { listed: number };
}

export interface HomePoolData {
  rankings: { list: HomeListData | null; edges: { node: RankingEntryData }[] };
}

export const homePoolQuery = graphqlOperation<HomePoolData, { pool: string; first: number }>(
  'HomePool',
  `query HomePool($pool: String!, $first: Int!) {
  rankings(pool: $pool, first: $first) {
    list { id period effectiveDate revision stats { listed } }
    edges { node { ${RANKING_ENTRY_FIELDS} } }
  }
}`,
);

export interface HomeTournamentData {
  id: string;
  name: string;
  city: string | null;
  startDate: string;
  endDate: string;
  status: string;
  pool: { code: string; name: string; nameFr: string | null };
}

export const recentTournamentsQuery = graphqlOperation<{ tournaments: { edges: { node: HomeTournamentData }[] } }, { first: number }>(
  'RecentTournaments',
  `query RecentTournaments($first: Int!) {
  tournaments(first: $first) { edges { node { id name city startDate endDate status pool { code name nameFr } } } }
}`,
);

export interface HomePool {
  code: string;
  name: string;
  nameFr: string | null;
  list: HomeListData | null;
  top: RankingRow[];
  gains: RankingRow[];
}

export function toHomePool(pool: Pick<PoolData, 'code' | 'name' | 'nameFr'>, data: HomePoolData): HomePool {
  const rows = data.rankings.edges.map((edge) => toRankingRow(edge.node));
  return { code: pool.code, name: pool.name, nameFr: pool.nameFr, list: data.rankings.list, top: rows.slice(0, HOME_TOP_COUNT), gains: biggestGains(rows, GAINS_COUNT) };
}

/** Rated tournaments only (the latest ones may still await their list), newest first as the API gives them. */
export function recentlyRated(tournaments: readonly HomeTournamentData[], count = RECENT_TOURNAMENTS_COUNT): HomeTournamentData[] {
  return tournaments.filter((tournament) => tournament.status === 'RATED').slice(0, count);
}

export async function fetchHomePools(pools: readonly PoolData[]): Promise<HomePool[]> {
  return Promise.all(
    pools.map(async (pool) => toHomePool(pool, await queryApi(homePoolQuery, { pool: pool.code, first: GAINS_SAMPLE_SIZE }, ['rankings', 'lists']))),
  );
}

export async function fetchRecentlyRated(): Promise<HomeTournamentData[]> {
  const { tournaments } = await queryApi(recentTournamentsQuery, { first: RECENT_TOURNAMENTS_SAMPLE }, ['tournaments']);
  return recentlyRated(tournaments.edges.map((edge) => edge.node));
}
