import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { OgListQuery, OgPlayerQuery } from '@/__generated__/graphql';
import { queryApi } from './api';
import { entityTag } from './cache-tags';

/** What the social cards show: a player's ratings, a list's month and its top three. */

export const ogPlayerQuery = graphql(`
  query OgPlayer($id: ID!) {
    player(id: $id) {
      id
      surname
      givenName
      titles
      federation
      club
      ratings {
        display
        rank
        listed
        pool {
          code
          name: nameEn
          nameFr
        }
      }
    }
  }
`);

export const ogListQuery = graphql(`
  query OgList($id: ID!) {
    ratingList(id: $id) {
      id
      period
      effectiveDate
      upcoming
      pool {
        code
        name: nameEn
        nameFr
      }
      stats {
        listed
      }
      entries(first: 3) {
        edges {
          node {
            rank
            display
            player {
              surname
              givenName
            }
          }
        }
      }
    }
  }
`);

export async function fetchOgPlayer(id: string): Promise<OgPlayerQuery['player']> {
  const { player } = await queryApi(ogPlayerQuery, { id }, [entityTag('player', id), 'players']);
  return player;
}

export async function fetchOgList(id: string): Promise<OgListQuery['ratingList']> {
  const { ratingList } = await queryApi(ogListQuery, { id }, [entityTag('list', id), 'lists']);
  return ratingList;
}
