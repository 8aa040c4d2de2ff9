import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import {
  changeGamesByChange,
  currentRatingsByPlayer,
  listsByIds,
  playersByIds,
  poolsByIds,
  tournamentChanges,
  tournamentsByIds,
} from '@ratings/core';

/**
 * Per-request batching of every relation (STYLE §9): a page of 100 rankings rows asks for its players
 * in one query, whatever the page size.
 */
export function createLoaders(db: DataSource) {
  return {
    player: new DataLoader((ids: readonly number[]) => playersByIds(db, ids)),
    pool: new DataLoader((ids: readonly number[]) => poolsByIds(db, ids)),
    list: new DataLoader((ids: readonly number[]) => listsByIds(db, ids)),
    tournament: new DataLoader((ids: readonly number[]) => tournamentsByIds(db, ids)),
    currentRatings: new DataLoader((ids: readonly number[]) => currentRatingsByPlayer(db, ids)),
    changeGames: new DataLoader((ids: readonly number[]) => changeGamesByChange(db, ids)),
    tournamentChanges: new DataLoader((ids: readonly number[]) => Promise.all(ids.map((id) => tournamentChanges(db, id)))),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
