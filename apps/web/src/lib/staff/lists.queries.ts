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

/** How many players each table of the review shows (the API's default, at most its largest page). */
export const REVIEW_ROWS = 20;

export const staffListReviewQuery = graphql(`
  query StaffListReview(
    $id: ID!
    $rows: Int!
    $search: String!
    $searching: Boolean!
    $player: ID!
    $explaining: Boolean!
  ) {
    ratingListReview(id: $id) {
      list {
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
        }
        stats {
          ...StaffListStats
        }
        entries(first: $rows) {
          edges {
            node {
              ...StaffReviewEntry
            }
          }
        }
      }
      previousList {
        id
        period
        stats {
          ...StaffListStats
        }
      }
      counts {
        rated
        gained
        lost
        unchanged
        newPlayers
        droppedPlayers
      }
      distribution {
        from
        to
        count
        previousCount
      }
      biggestGains(first: $rows) {
        ...StaffReviewLine
      }
      biggestLosses(first: $rows) {
        ...StaffReviewLine
      }
      newPlayers(first: $rows) {
        ...StaffReviewLine
      }
      droppedPlayers(first: $rows) {
        ...StaffReviewLine
      }
      players(search: $search, first: $rows) @include(if: $searching) {
        ...StaffReviewLine
      }
      explanation(player: $player) @include(if: $explaining) {
        line {
          ...StaffReviewLine
        }
        tournaments {
          id
          tournament {
            id
            name
            endDate
          }
          ratingBefore
          ratingAfter
          score
          expected
          gameCount
          k
          bonus
          performance
          change
          games {
            round
            color
            opponent {
              id
              surname
              givenName
            }
            opponentRating
            score
            expected
            change
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

export const staffReviewLineFragment = graphql(`
  fragment StaffReviewLine on ReviewLine {
    ratingBefore
    provisionalBefore
    gamesBefore
    rankBefore
    ratingAfter
    provisionalAfter
    gamesAfter
    gamesInPeriod
    k
    rankAfter
    change
    player {
      id
      surname
      givenName
    }
  }
`);

export type ListReview = NonNullable<StaffListReviewQuery['ratingListReview']>;

/** What the review page asks beside the list: a name to search for, a player to explain (null: none). */
export interface ReviewRequest {
  search: string | null;
  player: string | null;
}

export async function fetchListReview(id: string, request: ReviewRequest, locale: Locale): Promise<ListReview | null> {
  const variables = {
    id,
    rows: REVIEW_ROWS,
    search: request.search ?? '',
    searching: request.search !== null,
    player: request.player ?? '0',
    explaining: request.player !== null,
  };
  return (await staffPageQuery(staffListReviewQuery, variables, locale)).ratingListReview;
}
