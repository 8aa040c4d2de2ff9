import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  changeGameRows,
  currentRatingRows,
  historyChangeRows,
  historyPointRows,
  Player,
  playerAndAliasIds,
  playerDirectory,
  publishedPoolIdsOfPlayer,
  type ChangeGameRow,
  type CurrentRatingRow,
  type HistoryChangeRow,
  type HistoryPointRow,
  type PagePosition,
} from '@ratings/db';

type Db = DataSource | EntityManager;

/** Players by id, in key order, null for unknown ids. An alias left by a merge resolves to the survivor. */
export async function playersByIds(db: Db, ids: readonly number[]): Promise<(Player | null)[]> {
  const repo = db.getRepository(Player);
  const found = await repo.findBy({ id: In([...ids]) });
  const survivorsNeeded = found.filter((p) => p.mergedIntoId !== null).map((p) => p.mergedIntoId as number);
  const survivors = survivorsNeeded.length ? await repo.findBy({ id: In(survivorsNeeded) }) : [];
  const byId = new Map([...found, ...survivors].map((p) => [p.id, p]));
  return ids.map((id) => {
    const player = byId.get(id);
    if (!player) return null;
    return player.mergedIntoId !== null ? (byId.get(player.mergedIntoId) ?? null) : player;
  });
}

export interface PlayerFilters {
  search?: string | null;
  federation?: string | null;
  club?: string | null;
  sex?: 'M' | 'F' | null;
}

/** Keyset of the player directory: surname, given name, id. */
export interface PlayerKey {
  surname: string;
  givenName: string;
  id: number;
}

/**
 * The player directory: survivors only, alphabetical, filtered; the name search ignores accents and case.
 * `first + 1` rows are returned when a page lies beyond this one (after it, or before it read backward).
 */
export async function playersPage(
  db: Db,
  filters: PlayerFilters,
  first: number,
  position: PagePosition<PlayerKey>,
): Promise<{ rows: Player[]; totalCount: number }> {
  return playerDirectory(db, { ...filters, federation: filters.federation?.toUpperCase() }, first + 1, position);
}

/** Each player's line on the list in force in every pool (batched for DataLoader), by player id. */
export async function currentRatingsByPlayer(db: Db, playerIds: readonly number[]): Promise<CurrentRatingRow[][]> {
  const rows = await currentRatingRows(db, playerIds);
  const byPlayer = new Map<number, CurrentRatingRow[]>();
  for (const row of rows) byPlayer.set(row.playerId, [...(byPlayer.get(row.playerId) ?? []), row]);
  return playerIds.map((id) => byPlayer.get(id) ?? []);
}

export type { ChangeGameRow, CurrentRatingRow, HistoryChangeRow, HistoryPointRow };

export interface PlayerHistory {
  points: HistoryPointRow[];
  changes: HistoryChangeRow[];
}

/**
 * A player's history in each of the pools, by pool id: his line on every published list (latest revision of each
 * period) and every rated tournament's change, oldest first. One query each for every pool, not per pool. Per-game
 * rows come from changeGamesByChange.
 */
export async function playerHistories(
  db: Db,
  playerId: number,
  poolIds: readonly number[],
): Promise<Map<number, PlayerHistory>> {
  const ids = await playerAndAliasIds(db, playerId);
  const [points, changes] = await Promise.all([
    historyPointRows(db, ids, poolIds),
    historyChangeRows(db, ids, poolIds),
  ]);
  const histories = new Map<number, PlayerHistory>(poolIds.map((poolId) => [poolId, { points: [], changes: [] }]));
  for (const point of points) histories.get(point.poolId)!.points.push(point);
  for (const { poolId, ...change } of changes) histories.get(poolId)!.changes.push(change);
  return histories;
}

/** A player's history in one pool (see playerHistories). */
export async function playerHistory(db: Db, playerId: number, poolId: number): Promise<PlayerHistory> {
  return (await playerHistories(db, playerId, [poolId])).get(poolId)!;
}

/** Per-game rows of changes (batched for DataLoader), by change id, in round order. */
export async function changeGamesByChange(db: Db, changeIds: readonly number[]): Promise<ChangeGameRow[][]> {
  const rows = await changeGameRows(db, changeIds);
  const byChange = new Map<number, ChangeGameRow[]>();
  for (const row of rows) byChange.set(row.changeId, [...(byChange.get(row.changeId) ?? []), row]);
  return changeIds.map((id) => byChange.get(id) ?? []);
}

/** The pools where a player (or an alias merged into him) has a line on a published list. */
export async function historyPoolIds(db: Db, playerId: number): Promise<number[]> {
  return publishedPoolIdsOfPlayer(db, playerId);
}
