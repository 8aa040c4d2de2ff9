import type { RankingEntryFieldsFragment } from '@/__generated__/graphql';

/** API answers shaped as the small test federation returns them (apps/api federation-fixture). */
export function rankingEntry(
  rank: number,
  overrides: Partial<RankingEntryFieldsFragment> & { playerId?: string; surname?: string } = {},
): RankingEntryFieldsFragment {
  const { playerId = String(rank), surname = `Joueur${rank}`, ...entry } = overrides;
  return {
    rank,
    rating: 2500 - rank * 50,
    provisional: false,
    display: String(2500 - rank * 50),
    games: 30,
    change: 0,
    bestPlayer: rank === 1,
    player: { id: playerId, surname, givenName: 'Test', titles: [], federation: 'CAN', club: 'Club A' },
    category: { code: 'M', name: 'Maître', nameEn: 'Master' },
    ...entry,
  };
}
