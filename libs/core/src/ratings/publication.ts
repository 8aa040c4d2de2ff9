import { MAX_REASON_LENGTH } from '@ratings/contract';
import type { DataSource, EntityManager } from 'typeorm';
import {
  acceptedTournamentMissingFrom,
  analyze,
  analyzeListRows,
  BYE_RESULTS,
  Game,
  GAME_RESULTS,
  insertListDiff,
  insertStatusEvents,
  listAfter,
  markTournamentsRated,
  periodPublishedSince,
  PLAYED_RESULTS,
  publishedPeriodAfter,
  RATING_TABLES,
  ratedTournamentStatuses,
  RatingList,
  Tournament,
  tournamentsRatedBy,
  type GameResult,
} from '@ratings/db';
import { recordAudit } from '../audit';
import { authorize } from '../auth';
import { conflict, invalidInput, notFound } from '../errors';
import { poolsByIds } from '../reading/lists';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { statusChange } from '../tournaments/tournaments.service';
import { refreshLiveRatings } from './live-ratings';
import { queuePublicationEvent } from '../webhooks/events';
import { computeList, lockPoolRuns, previousList } from './run-rating-period';

const publisherOf = (ctx: WriteContext) => (ctx.actor.kind === 'staff' ? ctx.actor.staffId : null);

async function lockList(manager: EntityManager, listId: number): Promise<RatingList> {
  const list = await manager
    .getRepository(RatingList)
    .findOne({ where: { id: listId }, lock: { mode: 'pessimistic_write' } });
  if (!list) throw notFound('Rating list', listId);
  return list;
}

async function poolOf(manager: EntityManager, list: RatingList) {
  const [pool] = await poolsByIds(manager, [list.poolId]);
  return pool!;
}

/**
 * Checks a draft still describes the data: no earlier list was published after it was computed (its
 * starting states changed), and the tournaments it rated are still accepted while no other accepted
 * tournament of its period is missing. Otherwise the officer must re-run the period.
 */
async function assertDraftCurrent(manager: EntityManager, list: RatingList): Promise<number[]> {
  const stale = await periodPublishedSince(manager, list.poolId, list.effectiveDate, list.updatedAt);
  if (stale) throw conflict(`list ${stale} was published after this draft was computed: run the period again`);
  const rated = await ratedTournamentStatuses(manager, list.id);
  const reopened = rated.find((t) => t.status !== 'ACCEPTED');
  if (reopened)
    throw conflict(
      `tournament ${reopened.tournamentId} is no longer accepted (${reopened.status}): run the period again`,
    );
  const missing = await acceptedTournamentMissingFrom(manager, list);
  if (missing)
    throw conflict(
      `tournament ${missing.id} (${missing.name}) was accepted after this draft was computed: run the period again`,
    );
  return rated.map((t) => t.tournamentId);
}

async function publish(manager: EntityManager, list: RatingList, ctx: WriteContext): Promise<RatingList> {
  await manager.update(
    RatingList,
    { id: list.id },
    { status: 'PUBLISHED', publishedAt: new Date(), publishedById: publisherOf(ctx) },
  );
  return manager.getRepository(RatingList).findOneByOrFail({ id: list.id });
}

/**
 * Publishes a draft list: it becomes PUBLISHED — immutable from then on, in the database
 * itself — and the tournaments it rated become RATED; its event is queued for the webhooks in the same transaction. After the commit the rating tables' statistics are
 * refreshed: the run wrote thousands of rows the planner has not seen (PGlite has no autovacuum).
 */
export async function publishRatingList(db: DataSource, listId: number, ctx: WriteContext): Promise<RatingList> {
  authorize(ctx, 'lists:publish');
  const published = await runTransaction(db, async (manager) => {
    const list = await lockList(manager, listId);
    if (list.status === 'PUBLISHED')
      throw conflict(`list ${list.period} revision ${list.revision} is already published`);
    const pool = await poolOf(manager, list);
    await lockPoolRuns(manager, pool);
    const later = await publishedPeriodAfter(manager, list.poolId, list.effectiveDate);
    if (later) throw conflict(`list ${later} is already published; lists are published in order`);
    const tournamentIds = await assertDraftCurrent(manager, list);
    const published = await publish(manager, list, ctx);
    await markTournamentsRated(manager, tournamentIds, list.id);
    await insertStatusEvents(manager, tournamentIds, statusChange(ctx, 'ACCEPTED', 'RATED'));
    await refreshLiveRatings(manager, list.poolId);
    await recordAudit(manager, ctx, {
      action: 'publishRatingList',
      entityType: 'RatingList',
      entityId: list.id,
      before: { status: 'DRAFT' },
      after: { status: 'PUBLISHED', tournaments: tournamentIds },
    });
    await queuePublicationEvent(manager, 'rating-list.published', published, pool);
    return published;
  });
  await analyze(db, RATING_TABLES);
  return published;
}

/**
 * Corrects a published list by publishing a new revision: the period is rated again from the
 * same starting list with the same tournaments (their results as they are now), the old revision is kept,
 * and the difference between the two — which players changed, from what to what — is stored with the new
 * one. Only the latest list of a pool can be corrected (later lists were computed from it).
 */
export async function republishRatingList(
  db: DataSource,
  input: { listId: number; reason: string },
  ctx: WriteContext,
): Promise<RatingList> {
  authorize(ctx, 'lists:publish');
  const reason = input.reason?.trim();
  if (!reason) throw invalidInput('reason', 'say why the list is corrected');
  if (reason.length > MAX_REASON_LENGTH)
    throw invalidInput('reason', `must be at most ${MAX_REASON_LENGTH} characters (got ${reason.length})`);
  const published = await runTransaction(db, async (manager) => {
    const old = await lockList(manager, input.listId);
    if (old.status !== 'PUBLISHED') throw conflict(`list ${old.id} is a draft: publish it instead of republishing`);
    const pool = await poolOf(manager, old);
    await lockPoolRuns(manager, pool);
    const newer = await listAfter(manager, pool.id, old);
    if (newer)
      throw conflict(`list ${newer.period} revision ${newer.revision} exists after this one: correct the latest list`);

    const tournaments = await tournamentsRatedBy(manager, old.id);
    const lists = manager.getRepository(RatingList);
    const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, publishedById: _b, ...copied } = old;
    const draft = await lists.save(
      lists.create({
        ...copied,
        status: 'DRAFT',
        revision: old.revision + 1,
        correctsListId: old.id,
        reason,
        ruleVersion: old.ruleVersion,
      }),
    );
    await computeList(manager, pool, draft, await previousList(manager, pool, old.effectiveDate), tournaments);
    const changed = await insertListDiff(manager, old.id, draft.id);
    const published = await publish(manager, draft, ctx);
    await markTournamentsRated(
      manager,
      tournaments.map((t) => t.id),
      published.id,
    );
    await refreshLiveRatings(manager, pool.id);
    await recordAudit(manager, ctx, {
      action: 'republishRatingList',
      entityType: 'RatingList',
      entityId: published.id,
      before: { listId: old.id, revision: old.revision },
      after: { listId: published.id, revision: published.revision, reason, playersChanged: changed },
    });
    await queuePublicationEvent(manager, 'rating-list.republished', published, pool);
    return published;
  });
  await analyze(db, RATING_TABLES);
  await analyzeListRows(db, published.id);
  return published;
}

/**
 * Corrects the result of a game of a submitted, accepted or rated tournament (an arbiter's error found later). A
 * rated tournament's published lists do not change: republish the list to rate the corrected result.
 */
export async function correctGameResult(
  db: DataSource,
  input: { gameId: number; result: string; reason: string },
  ctx: WriteContext,
): Promise<Game> {
  authorize(ctx, 'tournaments:write');
  const reason = input.reason?.trim();
  if (!reason) throw invalidInput('reason', 'say why the result is corrected');
  if (reason.length > MAX_REASON_LENGTH)
    throw invalidInput('reason', `must be at most ${MAX_REASON_LENGTH} characters (got ${reason.length})`);
  const result = (input.result === '½-½' ? '1/2-1/2' : input.result) as GameResult;
  if (!(GAME_RESULTS as readonly string[]).includes(result) || (BYE_RESULTS as readonly string[]).includes(result)) {
    throw invalidInput(
      'result',
      `"${input.result}" is not a game result: use 1-0, 0-1, ½-½ or a forfeit +/-, -/+, -/-`,
    );
  }
  return runTransaction(db, async (manager) => {
    const games = manager.getRepository(Game);
    const game = await games.findOne({ where: { id: input.gameId }, lock: { mode: 'pessimistic_write' } });
    if (!game) throw notFound('Game', input.gameId);
    if (game.blackPlayerId === null) throw invalidInput('gameId', 'a bye has no result to correct');
    const tournament = await manager.getRepository(Tournament).findOneByOrFail({ id: game.tournamentId });
    if (tournament.status === 'DRAFT')
      throw conflict('the tournament is a draft: record the result with the tournament workflow');
    const before = { result: game.result, played: game.played };
    const played = (PLAYED_RESULTS as readonly string[]).includes(result);
    await games.update({ id: game.id }, { result, played });
    if (tournament.status === 'ACCEPTED') await refreshLiveRatings(manager, tournament.poolId);
    await recordAudit(manager, ctx, {
      action: 'correctGameResult',
      entityType: 'Game',
      entityId: game.id,
      before,
      after: { result, played, reason },
    });
    return games.findOneByOrFail({ id: game.id });
  });
}
