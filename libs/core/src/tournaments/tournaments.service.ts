import { MAX_REASON_LENGTH } from '@ratings/contract';
import { Game, gameSpan, Pool, Tournament, insertStatusEvents, type StatusChange } from '@ratings/db';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { authorize, can, mayChangeTournament } from '../auth/permissions';
import { recordAudit, type AuditAction } from '../audit/audit.service';
import { DomainError, conflict, invalidInput, notFound } from '../errors';
import { isVisibleTo } from '../reading/visibility';
import type { WriteContext } from '../common/actor';
import { runTransaction, snapshot } from '../common/database';
import { entityId, requiredText } from '../common/validate';
import {
  refuseUnratableDate,
  tournamentFields,
  type TournamentDetails,
  type TournamentFields,
} from './tournament.validation';
import { poolByCode } from '../reading/lists';
import { refreshLiveRatings } from '../ratings/live-ratings';

export type CreateTournamentInput = { readonly poolCode: string } & TournamentDetails;

/** Registers a tournament by hand (source MANUAL), in DRAFT. */
export async function createTournament(
  db: DataSource,
  input: CreateTournamentInput,
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:enter');
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
  if (fields.endDate !== undefined) refuseUnratableDate(pool, fields.endDate, 'endDate');
  const repository = manager.getRepository(Tournament);
  const saved = await repository.save(
    repository.create({
      ...fields,
      poolId: pool.id,
      status: 'DRAFT',
      sourceFormat: 'MANUAL',
      createdByStaffId: creatorOf(ctx),
    }),
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

/** Who a new tournament belongs to: the staff member creating it, or nobody for a process (the CLI, the seed). */
export const creatorOf = (ctx: WriteContext): number | null => (ctx.actor.kind === 'staff' ? ctx.actor.staffId : null);

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
  authorize(ctx, 'tournaments:enter');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  const { tournamentId: _id, ...changes } = input;
  return runTransaction(db, async (manager) => {
    const current = await lockDraftTournament(manager, ctx, tournamentId);
    const fields = tournamentFields(changes, current);
    if (Object.keys(fields).length === 0) return current;
    const next = { ...current, ...fields };
    if (fields.endDate !== undefined)
      refuseUnratableDate(
        await manager.getRepository(Pool).findOneByOrFail({ id: current.poolId }),
        next.endDate,
        'endDate',
      );
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

/**
 * DRAFT → SUBMITTED: the tournament is complete and waits for the rating officer's review. A reviewer's own
 * submission (a rating officer, a process) is accepted at once: DRAFT → ACCEPTED. Refused without a pairing.
 */
export async function submitTournament(
  db: DataSource,
  input: { readonly tournamentId: number },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:enter');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  return runTransaction(db, async (manager) => {
    const current = await lockTournamentFor(manager, ctx, tournamentId);
    if (current.status === 'RATED') throw ratedConflict(current);
    if (current.status !== 'DRAFT') throw conflict(`tournament ${tournamentId} is already ${current.status}`);
    return submitDraft(manager, ctx, current);
  });
}

/** The database half of submitTournament, for a DRAFT the caller has locked: refused without a pairing. */
export async function submitDraft(manager: EntityManager, ctx: WriteContext, draft: Tournament): Promise<Tournament> {
  const pairings = await manager.getRepository(Game).countBy({ tournamentId: draft.id, blackPlayerId: Not(IsNull()) });
  if (pairings === 0) throw conflict(`tournament ${draft.id} has no games: record them before submitting it`);
  const status = can(ctx.actor, 'tournaments:review') ? 'ACCEPTED' : 'SUBMITTED';
  return setStatus(manager, ctx, draft, status, 'submitTournament');
}

/** SUBMITTED → ACCEPTED: the rating officer accepts an arbiter's submission; its period's next run rates it. */
export async function acceptTournament(
  db: DataSource,
  input: { readonly tournamentId: number },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:review');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  return runTransaction(db, async (manager) => {
    const current = await lockSubmittedTournament(manager, tournamentId, 'accepted');
    return setStatus(manager, ctx, current, 'ACCEPTED', 'acceptTournament');
  });
}

/** SUBMITTED → DRAFT with a reason its arbiter sees (statusHistory): the rating officer sends it back to be fixed. */
export async function returnTournament(
  db: DataSource,
  input: { readonly tournamentId: number; readonly reason: string },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:review');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  const reason = requiredText('reason', input.reason, MAX_REASON_LENGTH);
  return runTransaction(db, async (manager) => {
    const current = await lockSubmittedTournament(manager, tournamentId, 'returned');
    return setStatus(manager, ctx, current, 'DRAFT', 'returnTournament', reason);
  });
}

/**
 * SUBMITTED or ACCEPTED → DRAFT, to correct it before it is rated. An arbiter may withdraw his own submission
 * before it is reviewed; an accepted tournament is the reviewer's to reopen.
 */
export async function reopenTournament(
  db: DataSource,
  input: { readonly tournamentId: number },
  ctx: WriteContext,
): Promise<Tournament> {
  authorize(ctx, 'tournaments:enter');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  return runTransaction(db, async (manager) => {
    const current = await lockTournamentFor(manager, ctx, tournamentId);
    if (current.status === 'RATED') throw ratedConflict(current);
    if (current.status === 'DRAFT') throw conflict(`tournament ${tournamentId} is already a DRAFT`);
    if (current.status === 'ACCEPTED') authorize(ctx, 'tournaments:review');
    return setStatus(manager, ctx, current, 'DRAFT', 'reopenTournament');
  });
}

async function setStatus(
  manager: EntityManager,
  ctx: WriteContext,
  current: Tournament,
  status: Tournament['status'],
  action: AuditAction,
  reason: string | null = null,
): Promise<Tournament> {
  const repository = manager.getRepository(Tournament);
  await repository.update({ id: current.id }, { status });
  const tournament = await repository.findOneByOrFail({ id: current.id });
  // Accepted tournaments are what live ratings are made of: entering or leaving that status rebuilds the pool's.
  if (current.status === 'ACCEPTED' || status === 'ACCEPTED') await refreshLiveRatings(manager, current.poolId);
  await insertStatusEvents(manager, [current.id], statusChange(ctx, current.status, status, reason));
  await recordAudit(manager, ctx, {
    action,
    entityType: 'Tournament',
    entityId: current.id,
    before: { status: current.status },
    after: reason === null ? { status } : { status, reason },
  });
  return tournament;
}

/** A status change as the history records it: by the staff member, or by the process's label. */
export function statusChange(
  ctx: WriteContext,
  from: Tournament['status'],
  to: Tournament['status'],
  reason: string | null = null,
): StatusChange {
  const { actor } = ctx;
  return actor.kind === 'staff'
    ? { from, to, staffUserId: actor.staffId, actorLabel: null, reason }
    : { from, to, staffUserId: null, actorLabel: actor.label, reason };
}

/** The tournament, locked against concurrent writes (and rating runs) until the transaction ends. */
export async function lockTournament(manager: EntityManager, tournamentId: number): Promise<Tournament> {
  const tournament = await manager
    .getRepository(Tournament)
    .findOne({ where: { id: tournamentId }, lock: { mode: 'pessimistic_write' } });
  if (!tournament) throw notFound('tournament', tournamentId);
  return tournament;
}

/**
 * lockTournament for an actor who means to change it: NOT_FOUND when he may not even see it (another arbiter's
 * draft answers like an unknown id), FORBIDDEN when he sees it but it is not his to change.
 */
export async function lockTournamentFor(
  manager: EntityManager,
  ctx: WriteContext,
  tournamentId: number,
): Promise<Tournament> {
  const tournament = await lockTournament(manager, tournamentId);
  if (!isVisibleTo(ctx.actor, tournament)) throw notFound('tournament', tournamentId);
  if (!mayChangeTournament(ctx.actor, tournament)) {
    throw new DomainError(
      'FORBIDDEN',
      `tournament ${tournamentId} was created by another staff member: an arbiter changes only his own tournaments`,
      { permission: 'tournaments:write' },
    );
  }
  return tournament;
}

/** lockTournamentFor, refusing (CONFLICT) a tournament that is no longer a DRAFT. */
export async function lockDraftTournament(
  manager: EntityManager,
  ctx: WriteContext,
  tournamentId: number,
): Promise<Tournament> {
  const tournament = await lockTournamentFor(manager, ctx, tournamentId);
  if (tournament.status === 'RATED') throw ratedConflict(tournament);
  if (tournament.status !== 'DRAFT') {
    throw conflict(`tournament ${tournamentId} is ${tournament.status} and cannot be changed: reopen it first`, {
      status: tournament.status,
    });
  }
  return tournament;
}

async function lockSubmittedTournament(
  manager: EntityManager,
  tournamentId: number,
  verb: 'accepted' | 'returned',
): Promise<Tournament> {
  const tournament = await lockTournament(manager, tournamentId);
  if (tournament.status !== 'SUBMITTED') {
    throw conflict(`tournament ${tournamentId} is ${tournament.status}: only a SUBMITTED tournament can be ${verb}`, {
      status: tournament.status,
    });
  }
  return tournament;
}

const ratedConflict = (tournament: Tournament) =>
  conflict(`tournament ${tournament.id} is RATED (rating list ${tournament.ratedInListId}) and can no longer change`, {
    status: tournament.status,
  });
