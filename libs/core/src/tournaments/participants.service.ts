import { TournamentParticipant, insertColumns, participantRanks } from '@ratings/db';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit } from '../audit/audit.service';
import { invalidInput } from '../errors';
import { resolvePlayerIds } from '../players/players.service';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { entityId, optionalWholeNumber } from '../common/validate';
import { MAX_RATING_AT_START, MAX_START_RANK } from './tournament.validation';
import { lockDraftTournament } from './tournaments.service';

export interface ParticipantInput {
  readonly playerId: number;
  /** Defaults to the next free start rank, in the order given. */
  readonly startRank?: number | null;
  /** The rating the tournament's own papers gave (for checking against ours); null when unrated. */
  readonly ratingAtStart?: number | null;
}

export interface AddParticipantsInput {
  readonly tournamentId: number;
  readonly players: readonly ParticipantInput[];
}

/** A participant entry as checked before the transaction: ids and numbers in range. */
export interface CheckedParticipant {
  readonly playerId: number;
  readonly startRank: number | null;
  readonly ratingAtStart: number | null;
}

/** Checks the entries on their own (everything that needs no database), naming each field `players[i].…`. */
export function checkParticipants(players: readonly ParticipantInput[]): CheckedParticipant[] {
  if (!Array.isArray(players) || players.length === 0) throw invalidInput('players', 'must list at least one player');
  return players.map((entry, index) => ({
    playerId: entityId(`players[${index}].playerId`, entry?.playerId),
    startRank: optionalWholeNumber(`players[${index}].startRank`, entry.startRank, 1, MAX_START_RANK),
    ratingAtStart: optionalWholeNumber(`players[${index}].ratingAtStart`, entry.ratingAtStart, 0, MAX_RATING_AT_START),
  }));
}

/**
 * Enters players into a DRAFT tournament, in one set-based insert. An alias left by a merge enters the player
 * it was merged into. Refuses unknown players, a player listed twice or already entered, and a start rank in use.
 */
export async function addParticipants(
  db: DataSource,
  input: AddParticipantsInput,
  ctx: WriteContext,
): Promise<TournamentParticipant[]> {
  authorize(ctx, 'tournaments:enter');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  const entries = checkParticipants(input.players);
  return runTransaction(db, async (manager) => {
    await lockDraftTournament(manager, ctx, tournamentId);
    return enterParticipants(manager, ctx, tournamentId, entries);
  });
}

/**
 * The database half of addParticipants, in the caller's transaction, for a DRAFT tournament the caller has
 * locked (or just created): resolves aliases, checks the entries against those already there, inserts, audits.
 */
export async function enterParticipants(
  manager: EntityManager,
  ctx: WriteContext,
  tournamentId: number,
  entries: readonly CheckedParticipant[],
): Promise<TournamentParticipant[]> {
  const survivors = await resolvePlayerIds(
    manager,
    entries.map((entry) => entry.playerId),
  );
  const existing = await participantRanks(manager, tournamentId);
  const rankOf = new Map(existing.map((row) => [row.playerId, row.startRank]));
  const ranksTaken = new Map(existing.map((row) => [row.startRank, `player ${row.playerId}`]));
  const listedAt = new Map<number, number>();
  const resolved = entries.map((entry, index) => {
    const field = `players[${index}].playerId`;
    const playerId = survivors.get(entry.playerId);
    if (playerId === undefined) throw invalidInput(field, `there is no player ${entry.playerId}`);
    if (rankOf.has(playerId))
      throw invalidInput(field, `player ${playerId} is already a participant (start rank ${rankOf.get(playerId)})`);
    const first = listedAt.get(playerId);
    if (first !== undefined) throw invalidInput(field, `player ${playerId} is listed twice (also players[${first}])`);
    listedAt.set(playerId, index);
    if (entry.startRank !== null) {
      const holder = ranksTaken.get(entry.startRank);
      if (holder !== undefined)
        throw invalidInput(
          `players[${index}].startRank`,
          `start rank ${entry.startRank} is already taken by ${holder}`,
        );
      ranksTaken.set(entry.startRank, `players[${index}]`);
    }
    return { ...entry, playerId };
  });
  let nextRank = Math.max(0, ...ranksTaken.keys());
  const startRanks = resolved.map((entry) => entry.startRank ?? ++nextRank);
  if (nextRank > MAX_START_RANK)
    throw invalidInput('players', `start ranks would go past ${MAX_START_RANK}, the largest a TRF can hold`);

  const { rows } = await insertColumns(
    manager,
    TournamentParticipant,
    {
      tournamentId: resolved.map(() => tournamentId),
      playerId: resolved.map((entry) => entry.playerId),
      startRank: startRanks,
      ratingAtStart: resolved.map((entry) => entry.ratingAtStart),
    },
    { returning: ['id'] },
  );
  const participants = await manager.getRepository(TournamentParticipant).find({
    where: { id: In(rows.map((row) => row.id)) },
    order: { startRank: 'ASC' },
  });
  await recordAudit(manager, ctx, {
    action: 'addParticipants',
    entityType: 'Tournament',
    entityId: tournamentId,
    after: {
      participants: participants.map(({ id, playerId, startRank, ratingAtStart }) => ({
        id,
        playerId,
        startRank,
        ratingAtStart,
      })),
    },
  });
  return participants;
}
