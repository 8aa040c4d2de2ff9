import { In, type DataSource, type EntityManager } from 'typeorm';
import { Player, likelyDuplicatesOf, statusHistories, type StatusEventRow } from '@ratings/db';
import { groupBy } from '../common/group-by';

type Db = DataSource | EntityManager;
const managerOf = (db: Db): EntityManager => ('manager' in db ? db.manager : db);

/** Each tournament's status history, oldest first (who submitted, accepted, returned it and why). */
export async function tournamentStatusHistories(db: Db, tournamentIds: readonly number[]): Promise<StatusEventRow[][]> {
  return groupBy(tournamentIds, await statusHistories(managerOf(db), tournamentIds), (row) => row.tournamentId);
}

/** The aliases each player's merges left (the removed rows, now pointing at him), in id order. */
export async function playerAliases(db: Db, playerIds: readonly number[]): Promise<Player[][]> {
  const aliases = await managerOf(db)
    .getRepository(Player)
    .find({ where: { mergedIntoId: In([...playerIds]) }, order: { id: 'ASC' } });
  return groupBy(playerIds, aliases, (alias) => alias.mergedIntoId as number);
}

/** Other players each may be the same person as: same normalized name and birth year (candidates to merge). */
export async function playerLikelyDuplicates(db: Db, playerIds: readonly number[]): Promise<Player[][]> {
  const manager = managerOf(db);
  const pairs = await likelyDuplicatesOf(manager, playerIds);
  const others = await manager.getRepository(Player).findBy({ id: In(pairs.map((pair) => pair.otherPlayerId)) });
  const byId = new Map(others.map((player) => [player.id, player]));
  return groupBy(playerIds, pairs, (pair) => pair.playerId).map((group) =>
    group.map((pair) => byId.get(pair.otherPlayerId) as Player),
  );
}
