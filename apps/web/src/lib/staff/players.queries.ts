import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { StaffPlayerQuery, StaffPlayersQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/** Players: searched (accents and case ignored by the API), edited, merged. */

export const STAFF_PLAYERS_PAGE_SIZE = 30;

export const staffPlayersQuery = graphql(`
  query StaffPlayers($search: String, $first: Int!, $after: String) {
    players(search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          surname
          givenName
          birthYear
          federation
          club
          fideId
          nationalId
        }
      }
    }
  }
`);

export async function fetchStaffPlayers(
  search: string | null,
  after: string | null,
  locale: Locale,
): Promise<StaffPlayersQuery['players']> {
  return (await staffPageQuery(staffPlayersQuery, { search, after, first: STAFF_PLAYERS_PAGE_SIZE }, locale)).players;
}

export const staffPlayerQuery = graphql(`
  query StaffPlayer($id: ID!) {
    player(id: $id) {
      id
      surname
      givenName
      sex
      birthYear
      federation
      club
      fideId
      nationalId
      titles
      status
      aliases {
        id
        surname
        givenName
      }
      likelyDuplicates {
        id
        surname
        givenName
        birthYear
        federation
        club
      }
    }
  }
`);

export type StaffPlayer = NonNullable<StaffPlayerQuery['player']>;

export async function fetchStaffPlayer(id: string, locale: Locale): Promise<StaffPlayer | null> {
  return (await staffPageQuery(staffPlayerQuery, { id }, locale)).player;
}

export const updatePlayerMutation = graphql(`
  mutation StaffUpdatePlayer($id: ID!, $input: PlayerInput!) {
    updatePlayer(id: $id, input: $input) {
      id
    }
  }
`);

export const mergePlayersMutation = graphql(`
  mutation StaffMergePlayers($keep: ID!, $remove: ID!) {
    mergePlayers(keep: $keep, remove: $remove) {
      id
    }
  }
`);

/** The fields the edit form offers, in its order; empty text clears an optional field. */
export const PLAYER_TEXT_FIELDS = ['surname', 'givenName', 'federation', 'club', 'fideId', 'nationalId'] as const;
