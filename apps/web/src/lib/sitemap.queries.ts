import 'server-only';
import { MAX_PAGE_SIZE } from '@ratings/contract';
import { graphql } from '@/__generated__/gql';
import { queryApi } from './api';
import { fetchPools } from './pools.queries';
import { rankRange, sitemapParts, type SitemapPart } from './sitemap';

/** The ids the sitemaps list, read from the API a page of `MAX_PAGE_SIZE` at a time. */

export const sitemapListsQuery = graphql(`
  query SitemapLists($pool: String!, $first: Int!, $after: String) {
    ratingLists(pool: $pool, first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
        }
      }
    }
  }
`);

export const sitemapRankingQuery = graphql(`
  query SitemapRanking($pool: String!, $first: Int!, $fromRank: Int, $after: String) {
    rankings(pool: $pool, first: $first, fromRank: $fromRank, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          rank
          player {
            id
          }
        }
      }
    }
  }
`);

export const sitemapTournamentsQuery = graphql(`
  query SitemapTournaments($first: Int!, $from: Date, $to: Date, $after: String) {
    tournaments(first: $first, from: $from, to: $to, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
        }
      }
    }
  }
`);

interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  edges: readonly { node: T }[];
}

/** Walks a connection from its first page while `keep` accepts the nodes. */
async function collect<T>(
  fetchPage: (after: string | null) => Promise<Page<T>>,
  keep: (node: T) => boolean = () => true,
): Promise<T[]> {
  const nodes: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<T> = await fetchPage(after);
    const kept = page.edges.map((edge) => edge.node).filter(keep);
    nodes.push(...kept);
    if (!page.pageInfo.hasNextPage || kept.length < page.edges.length || !page.pageInfo.endCursor) return nodes;
    after = page.pageInfo.endCursor;
  }
}

async function tournamentsEndingBy(to: string): Promise<number> {
  const { tournaments } = await queryApi(sitemapTournamentsQuery, { first: 1, to }, ['tournaments']);
  return tournaments.totalCount;
}

/** The years with tournaments the public sees, from this year back to the first. */
async function tournamentYears(thisYear: number): Promise<number[]> {
  const years: number[] = [];
  for (let year = thisYear; (await tournamentsEndingBy(`${year}-12-31`)) > 0; year -= 1) years.push(year);
  return years;
}

export async function fetchSitemapParts(thisYear: number): Promise<SitemapPart[]> {
  const pools = await fetchPools();
  return sitemapParts(
    pools.map((pool) => ({ code: pool.code, listed: pool.currentList?.stats.listed ?? 0 })),
    await tournamentYears(thisYear),
  );
}

export async function fetchPoolListIds(): Promise<{ code: string; listIds: string[] }[]> {
  const pools = await fetchPools();
  return Promise.all(
    pools.map(async ({ code }) => {
      const lists = await collect(async (after) => {
        const { ratingLists } = await queryApi(sitemapListsQuery, { pool: code, first: MAX_PAGE_SIZE, after }, [
          'lists',
        ]);
        return ratingLists;
      });
      return { code, listIds: lists.map((list) => list.id) };
    }),
  );
}

/** The players ranked in a part's ranks of a pool's current list. */
export async function fetchRankedPlayerIds(pool: string, index: number): Promise<string[]> {
  const { first, last } = rankRange(index);
  const entries = await collect(
    async (after) => {
      const { rankings } = await queryApi(
        sitemapRankingQuery,
        { pool, first: MAX_PAGE_SIZE, ...(after ? { after } : { fromRank: first }) },
        ['rankings'],
      );
      return rankings;
    },
    (entry) => entry.rank <= last,
  );
  return entries.map((entry) => entry.player.id);
}

export async function fetchTournamentIds(year: number): Promise<string[]> {
  const tournaments = await collect(async (after) => {
    const page = await queryApi(
      sitemapTournamentsQuery,
      { first: MAX_PAGE_SIZE, from: `${year}-01-01`, to: `${year}-12-31`, after },
      ['tournaments'],
    );
    return page.tournaments;
  });
  return tournaments.map((tournament) => tournament.id);
}
