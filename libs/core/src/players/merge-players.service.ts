import {
  lockUnratedTournamentsOf,
  mergePlayerRows,
  Player,
  poolsWithLiveRatingsOf,
  unratedTournamentsShared,
} from '@ratings/db';
import { refreshLiveRatings } from '../ratings/live-ratings';
import type { DataSource, EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit } from '../audit/audit.service';
import { conflict, invalidInput, notFound } from '../errors';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { entityId } from '../common/validate';
import { displayName } from './player.validation';

export interface MergePlayersInput {
  /** The player who stays. */
  readonly keep: number;
  /** The duplicate: its row stays as an alias of `keep`. */
  readonly remove: number;
}

export interface MergePlayersResult {
  readonly survivor: Player;
  readonly alias: Player;
  /** Draft rows moved to the survivor, and older aliases now pointing at it. */
  readonly moved: { readonly participants: number; readonly games: number; readonly aliases: number };
}

/**
 * Merges a duplicate into the player who stays. The duplicate's row remains as an alias (`mergedIntoId`), so
 * published lists, which reference it and are immutable, stay intact, and old links still resolve. Draft data
 * (participants and games of tournaments not yet RATED) moves to the survivor; rated tournaments keep their
 * rows. Aliases of the duplicate are repointed to the survivor, so there are never chains. Refused (CONFLICT)
 * when both played in the same unrated tournament: one of those entries is wrong and staff must fix it first.
 */
export async function mergePlayers(
  db: DataSource,
  input: MergePlayersInput,
  ctx: WriteContext,
): Promise<MergePlayersResult> {
  authorize(ctx, 'players:write');
  const keep = entityId('keep', input.keep);
  const remove = entityId('remove', input.remove);
  if (keep === remove) throw invalidInput('remove', `is the same player as keep (${keep})`);
  return runTransaction(db, async (manager) => {
    const players = await lockPlayers(manager, [keep, remove]);
    const survivor = players.get(keep);
    const duplicate = players.get(remove);
    if (!survivor) throw notFound('player', keep);
    if (!duplicate) throw notFound('player', remove);
    if (survivor.mergedIntoId !== null) {
      throw conflict(
        `player ${keep} was itself merged into player ${survivor.mergedIntoId}: merge into player ${survivor.mergedIntoId}`,
      );
    }
    if (duplicate.mergedIntoId !== null)
      throw conflict(`player ${remove} was already merged into player ${duplicate.mergedIntoId}`);
    await refuseSharedUnratedTournaments(manager, keep, remove);
    // A rating run marking one of these tournaments RATED now would rate rows this merge is moving: it waits.
    await lockUnratedTournamentsOf(manager, remove);
    const moved = await mergePlayerRows(manager, keep, remove);
    // The duplicate's games of accepted tournaments are now the survivor's: his live ratings are rebuilt.
    for (const poolId of await poolsWithLiveRatingsOf(manager, [remove])) await refreshLiveRatings(manager, poolId);
    await recordAudit(manager, ctx, {
      action: 'mergePlayers',
      entityType: 'Player',
      entityId: remove,
      before: { mergedIntoId: null, name: displayName(duplicate) },
      after: { mergedIntoId: keep, survivor: displayName(survivor), moved },
    });
    const repository = manager.getRepository(Player);
    return {
      survivor: await repository.findOneByOrFail({ id: keep }),
      alias: await repository.findOneByOrFail({ id: remove }),
      moved,
    };
  });
}

/** Locks the rows in id order (two merges of the same pair in opposite directions cannot deadlock). */
async function lockPlayers(manager: EntityManager, ids: readonly number[]): Promise<Map<number, Player>> {
  const map = new Map<number, Player>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    const player = await manager.getRepository(Player).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (player) map.set(id, player);
  }
  return map;
}

async function refuseSharedUnratedTournaments(manager: EntityManager, keep: number, remove: number): Promise<void> {
  const rows = await unratedTournamentsShared(manager, keep, remove);
  if (rows.length === 0) return;
  const list = rows.map((row) => `${row.id} (${row.name})`).join(', ');
  throw conflict(
    `players ${keep} and ${remove} both play in unrated tournament ${list}: correct the tournament before merging`,
    {
      tournamentIds: rows.map((row) => row.id),
    },
  );
}
