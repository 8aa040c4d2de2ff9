import type { RankingEntryData } from '../ranking-entries';

/** API answers shaped as the small test federation returns them (apps/api federation-fixture). */
export function rankingEntry(rank: number, overrides: Partial<RankingEntryData> & { playerId?: string; surname?: string } = {}): RankingEntryData {
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
