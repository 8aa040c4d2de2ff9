import DataLoader from 'dataloader';
import type { DataSource, EntityManager } from 'typeorm';
import {
  changeGamesByChange,
  poolListsOn,
  currentRatingsByPlayer,
  listsByIds,
  liveRatingsByPlayer,
  playerAliases,
  playerLikelyDuplicates,
  playersByIds,
  poolsByIds,
  tournamentStatusHistories,
  tournamentChanges,
  tournamentGames,
  tournamentsByIds,
  tournamentStandings,
  type Tournament,
} from '@ratings/core';

/**
 * Per-request batching of every relation: a page of 100 rankings rows asks for its players
 * in one query, whatever the page size. `today`: the federation's date the request reads lists on
 * (ApiContext.today).
 */
export function createLoaders(db: DataSource | EntityManager, today: string) {
  return {
    player: new DataLoader((ids: readonly number[]) => playersByIds(db, ids)),
    pool: new DataLoader((ids: readonly number[]) => poolsByIds(db, ids)),
    list: new DataLoader((ids: readonly number[]) => listsByIds(db, ids)),
    tournament: new DataLoader((ids: readonly number[]) => tournamentsByIds(db, ids)),
    games: new DataLoader((ids: readonly number[]) => tournamentGames(db, ids)),
    statusHistory: new DataLoader((ids: readonly number[]) => tournamentStatusHistories(db, ids)),
    aliases: new DataLoader((ids: readonly number[]) => playerAliases(db, ids)),
    likelyDuplicates: new DataLoader((ids: readonly number[]) => playerLikelyDuplicates(db, ids)),
    currentRatings: new DataLoader((ids: readonly number[]) => currentRatingsByPlayer(db, ids)),
    liveRatings: new DataLoader((ids: readonly number[]) => liveRatingsByPlayer(db, ids)),
    changeGames: new DataLoader((ids: readonly number[]) => changeGamesByChange(db, ids)),
    tournamentChanges: new DataLoader((ids: readonly number[]) =>
      Promise.all(ids.map((id) => tournamentChanges(db, id))),
    ),
    /** A tournament's standings, computed once per request when both the standings and the crosstable are asked. */
    standings: new DataLoader(
      (keys: readonly { tournament: Tournament; ratingSystemId: string }[]) =>
        Promise.all(keys.map(({ tournament, ratingSystemId }) => tournamentStandings(db, tournament, ratingSystemId))),
      { cacheKeyFn: ({ tournament }) => tournament.id },
    ),
    /** Each pool's list in force today and its upcoming one: one query per request, whatever the pools asked about. */
    poolLists: new DataLoader(async (poolIds: readonly number[]) => {
      const lists = await poolListsOn(db, today);
      return poolIds.map((id) => lists.get(id) ?? { inForce: null, upcoming: null });
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
