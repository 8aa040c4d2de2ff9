import { firstIdentifierHolder, Player, insertColumns, setPlayerTitles } from '@ratings/db';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit, recordAuditMany } from '../audit/audit.service';
import { DomainError, conflict, invalidInput, notFound } from '../errors';
import type { WriteContext } from '../common/actor';
import { isUniqueViolation, runTransaction, snapshot } from '../common/database';
import { entityId } from '../common/validate';
import { displayName, playerFields, type PlayerFields, type PlayerInput } from './player.validation';

/** Registers a player. FIDE and national ids must be free (CONFLICT names the player who holds one). */
export async function createPlayer(db: DataSource, input: PlayerInput, ctx: WriteContext): Promise<Player> {
  authorize(ctx, 'players:create');
  const fields = playerFields(input, new Date());
  return runTransaction(db, (manager) =>
    withIdentifierConflicts(fields, async () => {
      await checkIdentifiersFree(manager, fields, null);
      const repository = manager.getRepository(Player);
      const saved = await repository.save(repository.create(fields));
      const player = await repository.findOneByOrFail({ id: saved.id });
      await recordAudit(manager, ctx, {
        action: 'createPlayer',
        entityType: 'Player',
        entityId: player.id,
        after: snapshot(player),
      });
      return player;
    }),
  );
}

/**
 * Registers many players at once (a federation's register, the demo seeder): the checks of createPlayer for
 * each, naming the entry (`players[3].birthDate: …`), then one transaction with one set-based insert and one
 * audit statement, whatever the count. An identifier given twice in the batch is refused; one already held
 * is a CONFLICT naming its holder, as in createPlayer. Returns the players in the order given.
 */
export async function createPlayers(
  db: DataSource,
  inputs: readonly PlayerInput[],
  ctx: WriteContext,
): Promise<Player[]> {
  authorize(ctx, 'players:create');
  if (!Array.isArray(inputs) || inputs.length === 0) throw invalidInput('players', 'must list at least one player');
  const now = new Date();
  const rows = inputs.map((input, index) => withEntryField(`players[${index}]`, () => playerFields(input ?? {}, now)));
  refuseRepeatedIdentifiers(rows);
  return runTransaction(db, (manager) =>
    withIdentifierConflicts(null, async () => {
      await checkIdentifiersFreeMany(manager, rows);
      const ids = await insertPlayers(manager, rows);
      const stored = new Map(
        (await manager.getRepository(Player).findBy({ id: In(ids) })).map((player) => [player.id, player]),
      );
      const players = ids.map((id) => stored.get(id) as Player);
      await recordAuditMany(
        manager,
        ctx,
        players.map((player) => ({
          action: 'createPlayer',
          entityType: 'Player',
          entityId: player.id,
          after: snapshot(player),
        })),
      );
      return players;
    }),
  );
}

/** Runs a check of one entry of a batch, prefixing the field it names with the entry's path. */
function withEntryField<T>(entry: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = error.details?.argument;
    if (typeof field !== 'string' || !error.message.startsWith(`${field}: `)) throw error;
    throw invalidInput(`${entry}.${field}`, error.message.slice(field.length + 2));
  }
}

function refuseRepeatedIdentifiers(rows: readonly PlayerFields[]): void {
  for (const field of ['fideId', 'nationalId'] as const) {
    const firstAt = new Map<string, number>();
    rows.forEach((row, index) => {
      const value = row[field];
      if (value === undefined || value === null) return;
      const first = firstAt.get(value);
      if (first !== undefined)
        throw invalidInput(`players[${index}].${field}`, `${value} is given twice (also players[${first}])`);
      firstAt.set(value, index);
    });
  }
}

/** checkIdentifiersFree for a batch: one query for all the identifiers given. */
async function checkIdentifiersFreeMany(manager: EntityManager, rows: readonly PlayerFields[]): Promise<void> {
  const given = (field: 'fideId' | 'nationalId') =>
    rows.flatMap((row) => (row[field] == null ? [] : [row[field] as string]));
  const holder = await firstIdentifierHolder(manager, given('fideId'), given('nationalId'));
  if (holder === null) return;
  const fideIds = new Set(given('fideId'));
  const field = holder.fideId !== null && fideIds.has(holder.fideId) ? 'fideId' : 'nationalId';
  const value = field === 'fideId' ? holder.fideId : holder.nationalId;
  const index = rows.findIndex((row) => row[field] === value);
  const alias = holder.mergedIntoId === null ? '' : `, merged into player ${holder.mergedIntoId}`;
  throw conflict(
    `players[${index}].${field}: ${value} already belongs to player ${holder.id} (${displayName({ surname: holder.surname, givenName: holder.givenName })}${alias})`,
    {
      field: `players[${index}].${field}`,
      playerId: holder.id,
    },
  );
}

/** The columns createPlayers writes (titles follow separately). */
const INSERTED_COLUMNS = [
  'surname',
  'givenName',
  'sex',
  'birthDate',
  'birthYear',
  'federation',
  'fideId',
  'nationalId',
  'club',
  'status',
] as const;

/**
 * One set-based insert; returns the new ids in the order of `rows`. RETURNING promises no order, so rows are
 * matched back by every value inserted (rows equal in all of them are interchangeable).
 */
async function insertPlayers(manager: EntityManager, rows: readonly PlayerFields[]): Promise<number[]> {
  // Status ACTIVE is the column's default, which an explicit NULL would not take.
  const complete = rows.map((row) => ({ ...row, status: row.status ?? 'ACTIVE' }));
  const { rows: inserted } = await insertColumns(
    manager,
    Player,
    Object.fromEntries(INSERTED_COLUMNS.map((name) => [name, complete.map((row) => row[name] ?? null)])),
    { returning: ['id', ...INSERTED_COLUMNS] },
  );
  const key = (row: PlayerFields) => JSON.stringify(INSERTED_COLUMNS.map((name) => row[name] ?? null));
  const waiting = new Map<string, number[]>();
  for (const row of inserted) waiting.set(key(row), [...(waiting.get(key(row)) ?? []), row.id as number]);
  const ids = complete.map((row) => waiting.get(key(row))?.shift() as number);
  const titled = rows.flatMap((row, index) => (row.titles?.length ? [index] : []));
  await setPlayerTitles(
    manager,
    titled.map((index) => ids[index]),
    titled.map((index) => rows[index].titles as string[]),
  );
  return ids;
}

export type UpdatePlayerInput = { readonly playerId: number } & Partial<PlayerInput>;

/** Changes the given fields of a player (absent fields are kept, null clears). An alias left by a merge cannot be edited. */
export async function updatePlayer(db: DataSource, input: UpdatePlayerInput, ctx: WriteContext): Promise<Player> {
  authorize(ctx, 'players:write');
  const playerId = entityId('playerId', input.playerId);
  const { playerId: _id, ...changes } = input;
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(Player);
    const current = await repository.findOne({ where: { id: playerId }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw notFound('player', playerId);
    if (current.mergedIntoId !== null) {
      throw conflict(
        `player ${playerId} was merged into player ${current.mergedIntoId}: edit player ${current.mergedIntoId} instead`,
      );
    }
    const fields = playerFields(changes, new Date(), current);
    if (Object.keys(fields).length === 0) return current;
    return withIdentifierConflicts(fields, async () => {
      await checkIdentifiersFree(manager, fields, playerId);
      const before = snapshot(current);
      await repository.update({ id: playerId }, fields);
      const player = await repository.findOneByOrFail({ id: playerId });
      await recordAudit(manager, ctx, {
        action: 'updatePlayer',
        entityType: 'Player',
        entityId: playerId,
        before,
        after: snapshot(player),
      });
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
  const rows = await manager
    .getRepository(Player)
    .find({ where: { id: In([...new Set(ids)]) }, select: { id: true, mergedIntoId: true } });
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

/** The unique constraints catch what a concurrent write slipped past the checks above (`fields` null for a batch). */
async function withIdentifierConflicts<T>(fields: PlayerFields | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'uq_players_fide_id')) {
      throw conflict(`fideId: ${fields?.fideId ?? 'one of the FIDE ids given'} already belongs to another player`, {
        field: 'fideId',
      });
    }
    if (isUniqueViolation(error, 'uq_players_national_id')) {
      throw conflict(
        `nationalId: ${fields?.nationalId ?? 'one of the national ids given'} already belongs to another player`,
        { field: 'nationalId' },
      );
    }
    throw error;
  }
}
