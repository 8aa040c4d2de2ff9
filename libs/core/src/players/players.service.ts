import { Player } from '@ratings/db';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit } from '../audit/audit.service';
import { conflict, notFound } from '../errors';
import type { WriteContext } from '../shared/actor';
import { isUniqueViolation, snapshot } from '../shared/database';
import { entityId } from '../shared/validate';
import { displayName, playerFields, type PlayerFields, type PlayerInput } from './player.validation';

/** Registers a player. FIDE and national ids must be free (CONFLICT names the player who holds one). */
export async function createPlayer(db: DataSource, input: PlayerInput, ctx: WriteContext): Promise<Player> {
  authorize(ctx, 'players:write');
  const fields = playerFields(input, new Date());
  return withIdentifierConflicts(fields, () =>
    db.transaction(async (manager) => {
      await checkIdentifiersFree(manager, fields, null);
      const repository = manager.getRepository(Player);
      const saved = await repository.save(repository.create(fields));
      const player = await repository.findOneByOrFail({ id: saved.id });
      await recordAudit(manager, ctx, { action: 'createPlayer', entityType: 'Player', entityId: player.id, after: snapshot(player) });
      return player;
    }),
  );
}

export type UpdatePlayerInput = { readonly playerId: number } & Partial<PlayerInput>;

/** Changes the given fields of a player (absent fields are kept, null clears). An alias left by a merge cannot be edited. */
export async function updatePlayer(db: DataSource, input: UpdatePlayerInput, ctx: WriteContext): Promise<Player> {
  authorize(ctx, 'players:write');
  const playerId = entityId('playerId', input.playerId);
  const { playerId: _id, ...changes } = input;
  return db.transaction(async (manager) => {
    const repository = manager.getRepository(Player);
    const current = await repository.findOne({ where: { id: playerId }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw notFound('player', playerId);
    if (current.mergedIntoId !== null) {
      throw conflict(`player ${playerId} was merged into player ${current.mergedIntoId}: edit player ${current.mergedIntoId} instead`);
    }
    const fields = playerFields(changes, new Date(), current);
    if (Object.keys(fields).length === 0) return current;
    return withIdentifierConflicts(fields, async () => {
      await checkIdentifiersFree(manager, fields, playerId);
      const before = snapshot(current);
      await repository.update({ id: playerId }, fields);
      const player = await repository.findOneByOrFail({ id: playerId });
      await recordAudit(manager, ctx, { action: 'updatePlayer', entityType: 'Player', entityId: playerId, before, after: snapshot(player) });
      return player;
    });
  });
}

/** A player by id; an alias left by a merge gives the player it was merged into. Null when there is none. */
export async function getPlayer(manager: EntityManager, id: number): Promise<Player | null> {
  const player = await manager.getRepository(Player).findOneBy({ id });
  if (player?.mergedIntoId == null) return player;
  return manager.getRepository(Player).findOneBy({ id: player.mergedIntoId });
}

/** The id to use for a player: the survivor's when `id` is an alias (merges leave no chains). NOT_FOUND when unknown. */
export async function resolvePlayerId(manager: EntityManager, id: number): Promise<number> {
  const resolved = await resolvePlayerIds(manager, [id]);
  const survivor = resolved.get(id);
  if (survivor === undefined) throw notFound('player', id);
  return survivor;
}

/** resolvePlayerId for many ids in one query; unknown ids are missing from the map. */
export async function resolvePlayerIds(manager: EntityManager, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await manager.getRepository(Player).find({ where: { id: In([...new Set(ids)]) }, select: { id: true, mergedIntoId: true } });
  return new Map(rows.map((row) => [row.id, row.mergedIntoId ?? row.id]));
}

/** CONFLICT naming the player who already holds the FIDE id or national id being given. */
async function checkIdentifiersFree(manager: EntityManager, fields: PlayerFields, self: number | null): Promise<void> {
  const repository = manager.getRepository(Player);
  const others = self === null ? {} : { id: Not(self) };
  for (const field of ['fideId', 'nationalId'] as const) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const holder = await repository.findOneBy({ [field]: value, ...others });
    if (holder) {
      const alias = holder.mergedIntoId === null ? '' : `, merged into player ${holder.mergedIntoId}`;
      throw conflict(`${field}: ${value} already belongs to player ${holder.id} (${displayName(holder)}${alias})`, {
        field,
        playerId: holder.id,
      });
    }
  }
}

/** The unique constraints catch what a concurrent write slipped past the check above. */
async function withIdentifierConflicts<T>(fields: PlayerFields, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'uq_players_fide_id')) throw conflict(`fideId: ${fields.fideId} already belongs to another player`, { field: 'fideId' });
    if (isUniqueViolation(error, 'uq_players_national_id')) {
      throw conflict(`nationalId: ${fields.nationalId} already belongs to another player`, { field: 'nationalId' });
    }
    throw error;
  }
}
