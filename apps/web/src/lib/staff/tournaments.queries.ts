import 'server-only';
import { graphql } from '@/__generated__/gql';
import { TournamentStatus, type StaffTournamentReviewQuery, type StaffTournamentsQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import type { CursorPosition } from '../pagination';
import { firstParam, type SearchParams } from '../search-params';
import { tournamentQuery, type TournamentData } from '../tournament.queries';
import { parseTournamentFilters, TOURNAMENTS_PAGE_SIZE, type TournamentFilters } from '../tournaments.queries';
import { staffPageQuery } from './api';

/** The console's tournaments: every status (drafts included, which only staff see), filtered like the public list. */

/** One row of a tournaments table, shared by the dashboard and the list. */
export const staffTournamentRowFragment = graphql(`
  fragment StaffTournamentRow on Tournament {
    id
    name
    city
    startDate
    endDate
    status
    pool {
      code
      name
      nameFr
    }
  }
`);

export const staffTournamentsQuery = graphql(`
  query StaffTournaments(
    $first: Int!
    $after: String
    $search: String
    $pool: String
    $from: Date
    $to: Date
    $status: TournamentStatus
    $createdBy: ID
  ) {
    tournaments(
      first: $first
      after: $after
      search: $search
      pool: $pool
      from: $from
      to: $to
      status: $status
      createdBy: $createdBy
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...StaffTournamentRow
        }
      }
    }
  }
`);

export type StaffTournamentRow = StaffTournamentsQuery['tournaments']['edges'][number]['node'];

/** The statuses the filter offers, in the workflow's order (the API lists to each role what it may read). */
export const TOURNAMENT_STATUSES: readonly TournamentStatus[] = [
  TournamentStatus.Draft,
  TournamentStatus.Submitted,
  TournamentStatus.Accepted,
  TournamentStatus.Rated,
];

export interface StaffTournamentFilters extends TournamentFilters {
  status: TournamentStatus | null;
  /** Only the viewer's own tournaments (`createdBy` = his id). */
  mine: boolean;
}

export const STATUS_PARAM = 'status';
export const CREATOR_PARAM = 'creator';
/** The creator filter's one value: the staff list that would name every creator is the administrators' only. */
export const CREATOR_MINE = 'me';

export function parseStaffTournamentFilters(
  params: SearchParams,
  poolCodes: readonly string[],
): StaffTournamentFilters {
  const status = firstParam(params, STATUS_PARAM);
  return {
    ...parseTournamentFilters(params, poolCodes),
    status: TOURNAMENT_STATUSES.find((candidate) => candidate === status) ?? null,
    mine: firstParam(params, CREATOR_PARAM) === CREATOR_MINE,
  };
}

export async function fetchStaffTournaments(
  { mine, ...filters }: StaffTournamentFilters,
  viewerId: string,
  position: CursorPosition,
  locale: Locale,
): Promise<StaffTournamentsQuery['tournaments']> {
  const { tournaments } = await staffPageQuery(
    staffTournamentsQuery,
    { first: TOURNAMENTS_PAGE_SIZE, after: position.after, ...filters, createdBy: mine ? viewerId : null },
    locale,
  );
  return tournaments;
}

/** A tournament as staff see it (drafts included): the public page's document, read with the session. */
export async function fetchStaffTournament(id: string, locale: Locale): Promise<TournamentData | null> {
  return (await staffPageQuery(tournamentQuery, { id }, locale)).tournament;
}

/** The review of a tournament, staff only: its automatic checks, its status changes and its import report. */
export const staffTournamentReviewQuery = graphql(`
  query StaffTournamentReview($id: ID!) {
    tournament(id: $id) {
      id
      checks {
        code
        message
        params {
          player
          otherPlayer
          birthYear
          round
          result
          playedOn
          startDate
          endDate
          meeting
          tournamentType
          performance
          games
          rating
          difference
          margin
        }
        player {
          id
        }
        otherPlayer {
          id
        }
      }
      statusHistory {
        from
        to
        by
        at
        reason
      }
      importReport {
        ...ImportReportFields
      }
    }
  }
`);

export type TournamentReview = NonNullable<StaffTournamentReviewQuery['tournament']>;

export async function fetchStaffTournamentReview(id: string, locale: Locale): Promise<TournamentReview | null> {
  return (await staffPageQuery(staffTournamentReviewQuery, { id }, locale)).tournament;
}

/** The reason of the latest return to draft, while the tournament is still a draft (what its arbiter must fix). */
export function pendingReturnReason(status: TournamentStatus, history: TournamentReview['statusHistory']) {
  const last = history.at(-1);
  return status === TournamentStatus.Draft && last?.from === TournamentStatus.Submitted && last.reason
    ? last.reason
    : null;
}

/**
 * What the viewer may do with a tournament in its status (libs/core decides and the API refuses the rest; this
 * only offers the buttons): arbiters submit their drafts and withdraw their submissions, rating officers and
 * administrators also accept or return a submission and reopen an accepted tournament.
 */
export type TournamentAction = 'submit' | 'accept' | 'return' | 'reopen';

export function tournamentActions(status: TournamentStatus, role: string): TournamentAction[] {
  const reviewer = role !== 'ARBITER';
  switch (status) {
    case TournamentStatus.Draft:
      return ['submit'];
    case TournamentStatus.Submitted:
      return reviewer ? ['accept', 'return', 'reopen'] : ['reopen'];
    case TournamentStatus.Accepted:
      return reviewer ? ['reopen'] : [];
    default:
      return [];
  }
}

export const submitTournamentMutation = graphql(`
  mutation StaffSubmitTournament($id: ID!) {
    submitTournament(id: $id) {
      id
      status
    }
  }
`);

export const reopenTournamentMutation = graphql(`
  mutation StaffReopenTournament($id: ID!) {
    reopenTournament(id: $id) {
      id
      status
    }
  }
`);

export const acceptTournamentMutation = graphql(`
  mutation StaffAcceptTournament($id: ID!) {
    acceptTournament(id: $id) {
      id
      status
    }
  }
`);

export const returnTournamentMutation = graphql(`
  mutation StaffReturnTournament($id: ID!, $reason: String!) {
    returnTournament(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
