import 'server-only';
import { graphql } from '@/__generated__/gql';
import { RatingListStatus, type StaffListCorrectionQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/**
 * Corrections after publication: a game's result corrected with a reason, then the list published again as a
 * new revision, whose stored difference (who changed, from what to what) the console shows.
 */

export const correctGameResultMutation = graphql(`
  mutation StaffCorrectGameResult($game: ID!, $result: GameResult!, $reason: String!) {
    correctGameResult(game: $game, result: $result, reason: $reason) {
      id
    }
  }
`);

export const republishRatingListMutation = graphql(`
  mutation StaffRepublishRatingList($id: ID!, $reason: String!) {
    republishRatingList(id: $id, reason: $reason) {
      id
      revision
    }
  }
`);

export const staffListCorrectionQuery = graphql(`
  query StaffListCorrection($id: ID!) {
    ratingList(id: $id) {
      id
      period
      status
      revision
      reason
      pool {
        code
      }
      revisions {
        id
        revision
      }
      diff {
        oldRating
        newRating
        oldRank
        newRank
        player {
          id
          surname
          givenName
        }
      }
    }
  }
`);

export type ListCorrectionData = NonNullable<StaffListCorrectionQuery['ratingList']>;

export async function fetchListCorrection(id: string, locale: Locale): Promise<ListCorrectionData | null> {
  return (await staffPageQuery(staffListCorrectionQuery, { id }, locale)).ratingList;
}

/** The revision that corrected this one, if any (only the latest revision of a period can be corrected again). */
export function correctingRevision(list: ListCorrectionData): { id: string; revision: number } | null {
  if (list.status !== RatingListStatus.Published) return null;
  return list.revisions.find((other) => other.revision === list.revision + 1) ?? null;
}
