import 'server-only';
import { graphql } from '@/__generated__/gql';
import { TournamentStatus, type StaffTournamentsQuery } from '@/__generated__/graphql';
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
  ) {
    tournaments(first: $first, after: $after, search: $search, pool: $pool, from: $from, to: $to, status: $status) {
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

/**
 * The statuses the filter offers, in the workflow's order: those `tournaments(status:)` accepts (the API lists
 * no drafts; a draft is reached from its import report).
 */
export const TOURNAMENT_STATUSES: readonly TournamentStatus[] = [TournamentStatus.Submitted, TournamentStatus.Rated];

export interface StaffTournamentFilters extends TournamentFilters {
  status: TournamentStatus | null;
}

export const STATUS_PARAM = 'status';

export function parseStaffTournamentFilters(
  params: SearchParams,
  poolCodes: readonly string[],
): StaffTournamentFilters {
  const status = firstParam(params, STATUS_PARAM);
  return {
    ...parseTournamentFilters(params, poolCodes),
    status: TOURNAMENT_STATUSES.find((candidate) => candidate === status) ?? null,
  };
}

export async function fetchStaffTournaments(
  filters: StaffTournamentFilters,
  position: CursorPosition,
  locale: Locale,
): Promise<StaffTournamentsQuery['tournaments']> {
  const { tournaments } = await staffPageQuery(
    staffTournamentsQuery,
    { first: TOURNAMENTS_PAGE_SIZE, after: position.after, ...filters },
    locale,
  );
  return tournaments;
}

/** A tournament as staff see it (drafts included): the public page's document, read with the session. */
export async function fetchStaffTournament(id: string, locale: Locale): Promise<TournamentData | null> {
  return (await staffPageQuery(tournamentQuery, { id }, locale)).tournament;
}

/** What the officer may do with a tournament in its status (the API decides; this only offers the buttons). */
export type TournamentAction = 'submit' | 'reopen';

export function tournamentActions(status: TournamentStatus): TournamentAction[] {
  switch (status) {
    case TournamentStatus.Draft:
      return ['submit'];
    case TournamentStatus.Submitted:
      return ['reopen'];
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
