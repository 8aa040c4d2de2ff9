import type { DataSource, EntityManager } from 'typeorm';
import {
  BYE_RESULTS,
  Game,
  GAME_RESULTS,
  PLAYED_RESULTS,
  RatingList,
  Tournament,
  insertStatusEvents,
  type GameResult,
} from '@ratings/db';
import { recordAudit } from '../audit';
import { authorize } from '../auth';
import { conflict, invalidInput, notFound } from '../errors';
import { poolsByIds } from '../reading/lists';
import type { WriteContext } from '../shared/actor';
import { runTransaction } from '../shared/database';
import { statusChange } from '../tournaments/tournaments.service';
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
  const [stale] = await manager.query(
    `SELECT period FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date < $2 AND published_at > $3 LIMIT 1`,
    [list.poolId, list.effectiveDate, list.updatedAt],
  );
  if (stale) throw conflict(`list ${stale.period} was published after this draft was computed: run the period again`);
  const rated: { tournament_id: number; status: string }[] = await manager.query(
    `SELECT r.tournament_id, t.status FROM rating_list_tournaments r JOIN tournaments t ON t.id = r.tournament_id WHERE r.list_id = $1`,
    [list.id],
  );
  const reopened = rated.find((t) => t.status !== 'ACCEPTED');
  if (reopened)
    throw conflict(
      `tournament ${reopened.tournament_id} is no longer accepted (${reopened.status}): run the period again`,
    );
  const [missing] = await manager.query(
    `SELECT t.id, t.name FROM tournaments t
     WHERE t.pool_id = $1 AND t.status = 'ACCEPTED' AND t.end_date <= $2
       AND NOT EXISTS (SELECT 1 FROM rating_list_tournaments r WHERE r.list_id = $3 AND r.tournament_id = t.id)
     LIMIT 1`,
    [list.poolId, list.periodEnd, list.id],
  );
  if (missing)
    throw conflict(
      `tournament ${missing.id} (${missing.name}) was accepted after this draft was computed: run the period again`,
    );
  return rated.map((t) => t.tournament_id);
}

async function markRated(manager: EntityManager, tournamentIds: readonly number[], listId: number): Promise<void> {
  if (tournamentIds.length) {
    await manager.query(
      `UPDATE tournaments SET status = 'RATED', rated_in_list_id = $2, updated_at = now() WHERE id = ANY($1)`,
      [tournamentIds, listId],
    );
  }
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
 * itself — and the tournaments it rated become RATED.
 */
export async function publishRatingList(db: DataSource, listId: number, ctx: WriteContext): Promise<RatingList> {
  authorize(ctx, 'lists:publish');
  return runTransaction(db, async (manager) => {
    const list = await lockList(manager, listId);
    if (list.status === 'PUBLISHED')
      throw conflict(`list ${list.period} revision ${list.revision} is already published`);
    await lockPoolRuns(manager, await poolOf(manager, list));
    const [later] = await manager.query(
      `SELECT period FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' AND effective_date > $2 LIMIT 1`,
      [list.poolId, list.effectiveDate],
    );
    if (later) throw conflict(`list ${later.period} is already published; lists are published in order`);
    const tournamentIds = await assertDraftCurrent(manager, list);
    const published = await publish(manager, list, ctx);
    await markRated(manager, tournamentIds, list.id);
    await insertStatusEvents(manager, tournamentIds, statusChange(ctx, 'ACCEPTED', 'RATED'));
    await recordAudit(manager, ctx, {
      action: 'publishRatingList',
      entityType: 'RatingList',
      entityId: list.id,
      before: { status: 'DRAFT' },
      after: { status: 'PUBLISHED', tournaments: tournamentIds },
    });
    return published;
  });
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
  return runTransaction(db, async (manager) => {
    const old = await lockList(manager, input.listId);
    if (old.status !== 'PUBLISHED') throw conflict(`list ${old.id} is a draft: publish it instead of republishing`);
    const pool = await poolOf(manager, old);
    await lockPoolRuns(manager, pool);
    const [newer] = await manager.query(
      `SELECT period, revision FROM rating_lists WHERE pool_id = $1 AND ((period = $2 AND revision > $3) OR effective_date > $4) ORDER BY effective_date DESC LIMIT 1`,
      [pool.id, old.period, old.revision, old.effectiveDate],
    );
    if (newer)
      throw conflict(`list ${newer.period} revision ${newer.revision} exists after this one: correct the latest list`);

    const tournaments: { id: number; endDate: string }[] = await manager.query(
      `SELECT t.id, t.end_date AS "endDate" FROM rating_list_tournaments r JOIN tournaments t ON t.id = r.tournament_id
       WHERE r.list_id = $1 ORDER BY t.end_date, t.id`,
      [old.id],
    );
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
    const changed = await storeDiff(manager, old.id, draft.id);
    const published = await publish(manager, draft, ctx);
    await markRated(
      manager,
      tournaments.map((t) => t.id),
      published.id,
    );
    await recordAudit(manager, ctx, {
      action: 'republishRatingList',
      entityType: 'RatingList',
      entityId: published.id,
      before: { listId: old.id, revision: old.revision },
      after: { listId: published.id, revision: published.revision, reason, playersChanged: changed },
    });
    return published;
  });
}

/** Stores which players' lines differ between two revisions (rating, provisional flag or rank). */
async function storeDiff(manager: EntityManager, oldListId: number, newListId: number): Promise<number> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO rating_list_diffs (list_id, player_id, old_rating, new_rating, old_provisional, new_provisional, old_rank, new_rank)
     SELECT $2, coalesce(n.player_id, o.player_id), o.rating, n.rating, o.provisional, n.provisional, o.rank, n.rank
     FROM (SELECT * FROM rating_list_entries WHERE list_id = $2) n
     FULL JOIN (SELECT * FROM rating_list_entries WHERE list_id = $1) o ON o.player_id = n.player_id
     WHERE (o.rating, o.provisional, o.rank) IS DISTINCT FROM (n.rating, n.provisional, n.rank)
     RETURNING player_id`,
    [oldListId, newListId],
  );
  return rows.length;
}

/**
 * Corrects the result of a game of a submitted or rated tournament (an arbiter's error found later). A
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
