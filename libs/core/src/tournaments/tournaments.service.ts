import { Game, gameSpan, Tournament } from '@ratings/db';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit } from '../audit/audit.service';
import { conflict, invalidInput, notFound } from '../errors';
import type { WriteContext } from '../shared/actor';
import { runTransaction, snapshot } from '../shared/database';
import { entityId, requiredText } from '../shared/validate';
import { tournamentFields, type TournamentDetails, type TournamentFields } from './tournament.validation';
import { poolByCode } from '../reading/lists';

export type CreateTournamentInput = { readonly poolCode: string } & TournamentDetails;

/** Registers a tournament by hand (source MANUAL), in DRAFT. */
export async function createTournament(
  db: DataSource,
  input: CreateTournamentInput,
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:write');
  const poolCode = requiredText('poolCode', input.poolCode, 32);
  const fields = tournamentFields(input);
  return runTransaction(db, (manager) => insertTournament(manager, ctx, poolCode, fields));
}

/** The database half of createTournament, in the caller's transaction: a DRAFT with source MANUAL, audited. */
export async function insertTournament(
  manager: EntityManager,
  ctx: WriteContext,
  poolCode: string,
  fields: TournamentFields,
): Promise<Tournament> {
  const pool = await poolByCode(manager, poolCode);
  const repository = manager.getRepository(Tournament);
  const saved = await repository.save(
    repository.create({ ...fields, poolId: pool.id, status: 'DRAFT', sourceFormat: 'MANUAL' }),
  );
  const tournament = await repository.findOneByOrFail({ id: saved.id });
  await recordAudit(manager, ctx, {
    action: 'createTournament',
    entityType: 'Tournament',
    entityId: tournament.id,
    after: snapshot(tournament),
  });
  return tournament;
}

export type UpdateTournamentInput = { readonly tournamentId: number } & Partial<TournamentDetails>;

/**
 * Changes a DRAFT tournament's details (absent fields are kept). The games already recorded must still fit:
 * no round beyond the new count, no game dated outside the new dates.
 */
export async function updateTournament(
  db: DataSource,
  input: UpdateTournamentInput,
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:write');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  const { tournamentId: _id, ...changes } = input;
  return runTransaction(db, async (manager) => {
    const current = await lockDraftTournament(manager, tournamentId);
    const fields = tournamentFields(changes, current);
    if (Object.keys(fields).length === 0) return current;
    const next = { ...current, ...fields };
    const games = await gameSpan(manager, tournamentId);
    if (games.lastRound !== null && games.lastRound > next.rounds) {
      throw invalidInput('rounds', `games are recorded up to round ${games.lastRound}, more than ${next.rounds}`);
    }
    if (
      (games.firstDay !== null && games.firstDay < next.startDate) ||
      (games.lastDay !== null && games.lastDay > next.endDate)
    ) {
      throw invalidInput(
        fields.startDate !== undefined ? 'startDate' : 'endDate',
        `games are dated from ${games.firstDay} to ${games.lastDay}, outside ${next.startDate} to ${next.endDate}`,
      );
    }
    const before = snapshot(current);
    const repository = manager.getRepository(Tournament);
    await repository.update({ id: tournamentId }, fields);
    const tournament = await repository.findOneByOrFail({ id: tournamentId });
    await recordAudit(manager, ctx, {
      action: 'updateTournament',
      entityType: 'Tournament',
      entityId: tournamentId,
      before,
      after: snapshot(tournament),
    });
    return tournament;
  });
}

/** DRAFT → SUBMITTED: the tournament is complete and goes into the next rating run. Refused without games. */
export async function submitTournament(
  db: DataSource,
  input: { readonly tournamentId: number },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:write');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  return runTransaction(db, async (manager) => {
    const current = await lockTournament(manager, tournamentId);
    if (current.status === 'RATED') throw ratedConflict(current);
    if (current.status === 'SUBMITTED') throw conflict(`tournament ${tournamentId} is already SUBMITTED`);
    return submitDraft(manager, ctx, current);
  });
}

/** The database half of submitTournament, for a DRAFT the caller has locked: refused without a pairing. */
export async function submitDraft(manager: EntityManager, ctx: WriteContext, draft: Tournament): Promise<Tournament> {
  const pairings = await manager.getRepository(Game).countBy({ tournamentId: draft.id, blackPlayerId: Not(IsNull()) });
  if (pairings === 0) throw conflict(`tournament ${draft.id} has no games: record them before submitting it`);
  return setStatus(manager, ctx, draft, 'SUBMITTED', 'submitTournament');
}

/** SUBMITTED → DRAFT, to correct it before it is rated. */
export async function reopenTournament(
  db: DataSource,
  input: { readonly tournamentId: number },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:write');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  return runTransaction(db, async (manager) => {
    const current = await lockTournament(manager, tournamentId);
    if (current.status === 'RATED') throw ratedConflict(current);
    if (current.status === 'DRAFT') throw conflict(`tournament ${tournamentId} is already a DRAFT`);
    return setStatus(manager, ctx, current, 'DRAFT', 'reopenTournament');
  });
}

async function setStatus(
  manager: EntityManager,
  ctx: WriteContext,
  current: Tournament,
  status: Tournament['status'],
  action: string,
): Promise<Tournament> {
  const repository = manager.getRepository(Tournament);
  await repository.update({ id: current.id }, { status });
  const tournament = await repository.findOneByOrFail({ id: current.id });
  await recordAudit(manager, ctx, {
    action,
    entityType: 'Tournament',
    entityId: current.id,
    before: { status: current.status },
    after: { status },
  });
  return tournament;
}

/** The tournament, locked against concurrent writes (and rating runs) until the transaction ends. */
export async function lockTournament(manager: EntityManager, tournamentId: number): Promise<Tournament> {
  const tournament = await manager
    .getRepository(Tournament)
    .findOne({ where: { id: tournamentId }, lock: { mode: 'pessimistic_write' } });
  if (!tournament) throw notFound('tournament', tournamentId);
  return tournament;
}

/** lockTournament, refusing (CONFLICT) a tournament that is no longer a DRAFT. */
export async function lockDraftTournament(manager: EntityManager, tournamentId: number): Promise<Tournament> {
  const tournament = await lockTournament(manager, tournamentId);
  if (tournament.status === 'RATED') throw ratedConflict(tournament);
  if (tournament.status === 'SUBMITTED') {
    throw conflict(`tournament ${tournamentId} is SUBMITTED and cannot be changed: reopen it first`, {
      status: tournament.status,
    });
  }
  return tournament;
}

const ratedConflict = (tournament: Tournament) =>
  conflict(`tournament ${tournament.id} is RATED (rating list ${tournament.ratedInListId}) and can no longer change`, {
    status: tournament.status,
  });
