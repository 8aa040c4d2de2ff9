import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { StaffListReviewQuery, StaffRunPoolsQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/** Running a period and reviewing its draft list before publishing it. */

export const staffRunPoolsQuery = graphql(`
  query StaffRunPools {
    pools {
      code
      name
      nameFr
      periodMonths
      nextPeriod
      currentList {
        id
        period
      }
    }
  }
`);

export type RunPool = StaffRunPoolsQuery['pools'][number];

export async function fetchRunPools(locale: Locale): Promise<RunPool[]> {
  return (await staffPageQuery(staffRunPoolsQuery, {}, locale)).pools;
}

export const runRatingPeriodMutation = graphql(`
  mutation StaffRunRatingPeriod($pool: String!, $period: String!) {
    runRatingPeriod(pool: $pool, period: $period) {
      listId
    }
  }
`);

export const publishRatingListMutation = graphql(`
  mutation StaffPublishRatingList($id: ID!) {
    publishRatingList(id: $id) {
      id
      status
    }
  }
`);

/** How many of the list's best gains and first ranks the review shows. */
export const REVIEW_ROWS = 20;

export const staffListReviewQuery = graphql(`
  query StaffListReview($id: ID!, $rows: Int!) {
    ratingList(id: $id) {
      id
      period
      status
      revision
      effectiveDate
      cutOffDate
      publishedAt
      pool {
        code
        name
        nameFr
        currentList {
          id
          period
          stats {
            ...StaffListStats
          }
          distribution {
            from
            count
          }
        }
      }
      stats {
        ...StaffListStats
      }
      distribution {
        from
        count
      }
      biggestGains(first: $rows) {
        ...StaffReviewEntry
      }
      entries(first: $rows) {
        edges {
          node {
            ...StaffReviewEntry
          }
        }
      }
    }
  }
`);

export const staffListStatsFragment = graphql(`
  fragment StaffListStats on RatingListStats {
    players
    listed
    provisional
    newPlayers
    averageRating
    medianRating
    games
    tournaments
  }
`);

export const staffReviewEntryFragment = graphql(`
  fragment StaffReviewEntry on RankingEntry {
    rank
    rating
    display
    change
    games
    player {
      id
      surname
      givenName
    }
  }
`);

export type ListReview = NonNullable<StaffListReviewQuery['ratingList']>;

export async function fetchListReview(id: string, locale: Locale): Promise<ListReview | null> {
  return (await staffPageQuery(staffListReviewQuery, { id, rows: REVIEW_ROWS }, locale)).ratingList;
}

/**
 * The review's distribution: this draft beside the list in force, band by band (`from` of each band), both
 * as the API counts them; a band one list lacks counts 0 there.
 */
export function compareDistributions(
  draft: readonly { from: number; count: number }[],
  previous: readonly { from: number; count: number }[],
): { from: number; draft: number; previous: number }[] {
  const bands = [...new Set([...draft, ...previous].map((band) => band.from))].sort((a, b) => a - b);
  const countIn = (list: readonly { from: number; count: number }[], from: number) =>
    list.find((band) => band.from === from)?.count ?? 0;
  return bands.map((from) => ({ from, draft: countIn(draft, from), previous: countIn(previous, from) }));
}
