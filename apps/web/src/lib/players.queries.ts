import { graphql } from '@/__generated__/gql';
import type { PlayersQuery, Sex } from '@/__generated__/graphql';
import { queryApi } from './api';
import type { CursorPosition } from './pagination';
import { playerName } from './player-name';
import { clubFilter, federationFilter, searchFilter, sexFilter } from './filter-values';
import { firstParam, type SearchParams } from './search-params';

/**
 * The player directory and the search the home page's box submits to: alphabetical, the words of the
 * name in any order, accents and case ignored by the API ("levesque" finds Lévesque).
 */

/**
 * Each row carries the player's ratings (a list inside a list), which the API's cost limit counts 25
 * times per row on top of the page size: 20 rows is what fits (see README, "What the API lacks").
 */
export const PLAYERS_PAGE_SIZE = 20;

export interface PlayerFilters {
  search: string | null;
  federation: string | null;
  club: string | null;
  sex: Sex | null;
}

export const PLAYER_PARAMS = {
  search: 'q',
  federation: 'federation',
  club: 'club',
  sex: 'sex',
} as const satisfies Record<keyof PlayerFilters, string>;

export function parsePlayerFilters(params: SearchParams): PlayerFilters {
  const read = (filter: keyof PlayerFilters) => firstParam(params, PLAYER_PARAMS[filter]);
  return {
    search: searchFilter(read('search')),
    federation: federationFilter(read('federation')),
    club: clubFilter(read('club')),
    sex: sexFilter(read('sex')),
  };
}

export const playersQuery = graphql(`
  query Players($first: Int!, $after: String, $search: String, $federation: String, $club: String, $sex: Sex) {
    players(first: $first, after: $after, search: $search, federation: $federation, club: $club, sex: $sex) {
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
          titles
          federation
          club
          birthYear
          ratings {
            display
            pool {
              code
            }
          }
        }
      }
    }
  }
`);

type DirectoryPage = PlayersQuery['players'];
type DirectoryPlayerData = DirectoryPage['edges'][number]['node'];

export interface DirectoryRow {
  id: string;
  name: string;
  titles: string[];
  federation: string | null;
  club: string | null;
  birthYear: number | null;
  /** Pool code → the rating as lists show it (`~1543`), for the pools where the player is listed. */
  ratings: Record<string, string>;
}

export function toDirectoryRow(player: DirectoryPlayerData): DirectoryRow {
  return {
    id: player.id,
    name: playerName(player),
    titles: player.titles,
    federation: player.federation,
    club: player.club,
    birthYear: player.birthYear,
    ratings: Object.fromEntries(
      player.ratings
        .filter((rating) => rating.display !== null)
        .map((rating) => [rating.pool.code, rating.display as string]),
    ),
  };
}

export async function fetchPlayers(filters: PlayerFilters, position: CursorPosition): Promise<DirectoryPage> {
  const { players } = await queryApi(playersQuery, { first: PLAYERS_PAGE_SIZE, after: position.after, ...filters }, [
    'players',
  ]);
  return players;
}
