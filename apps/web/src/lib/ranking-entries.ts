import { graphql } from '@/__generated__/gql';
import type { RankingEntryFieldsFragment } from '@/__generated__/graphql';
import { playerName } from './player-name';

/**
 * A line of a ranking as the API gives it (`RankingEntry`) and as the site's tables show it. The home
 * page's top 10 and biggest gains (`RatingList.biggestGains`) and the rankings pages spread this
 * fragment by name (`...RankingEntryFields`); codegen adds it to their documents.
 */
export const RankingEntryFields = graphql(`
  fragment RankingEntryFields on RankingEntry {
    rank
    rating
    provisional
    display
    games
    change
    bestPlayer
    player {
      id
      surname
      givenName
      titles
      federation
      club
    }
    category {
      code
      name
      nameEn
    }
  }
`);

export interface RankingRow {
  rank: number;
  playerId: string;
  name: string;
  titles: string[];
  rating: number;
  display: string;
  provisional: boolean;
  change: number | null;
  games: number;
  bestPlayer: boolean;
  category: { code: string; name: string; nameEn: string };
  federation: string | null;
  club: string | null;
}

export function toRankingRow(entry: RankingEntryFieldsFragment): RankingRow {
  return {
    rank: entry.rank,
    playerId: entry.player.id,
    name: playerName(entry.player),
    titles: entry.player.titles,
    rating: entry.rating,
    display: entry.display,
    provisional: entry.provisional,
    change: entry.change,
    games: entry.games,
    bestPlayer: entry.bestPlayer,
    category: entry.category,
    federation: entry.player.federation,
    club: entry.player.club,
  };
}

/** The anchor of a player's row in a rankings table: the profile links to `…?rank=12#player-42`. */
export function rankingRowId(playerId: string): string {
  return `player-${playerId}`;
}
