import type { DataSource, EntityManager } from 'typeorm';
import {
  analyze,
  analyzeListRows,
  dropOrphanedListPartitions,
  RATING_TABLES,
  Pool,
  publishedListIdBefore,
  publishedPeriodAfter,
  RatingList,
  acceptedTournamentsToRate,
  Tournament,
  tryLockPoolRuns,
} from '@ratings/db';
import { gameRowsOf, getRatingSystem, rateEvents, ratingPeriod, type RatingPeriod } from '@ratings/rating-rules';
import { recordAudit } from '../audit';
import { authorize } from '../auth';
import { conflict } from '../errors';
import { poolByCode } from '../reading/lists';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { phaseTimer } from '../common/phases';
import { readRunInputs } from './run-inputs';
import { writeListRows, type ListTotals } from './write-list';

/** Version of the rules a list was computed with, stored on the list (the library's own version). */
export const RULE_VERSION = 'rating-rules@0.1.0';

export interface RunReport {
  listId: number;
  pool: string;
  period: RatingPeriod;
  revision: number;
  tournaments: number;
  games: number;
  players: number;
  listed: number;
  changes: number;
  gameRows: number;
  /** A previous draft of the same period was replaced. */
  replacedDraft: boolean;
}

/**
 * Takes the pool's run lock for the transaction, or answers CONFLICT at once: two runs of one pool never
 * interleave, and nobody waits behind a long run without knowing it.
 */
export async function lockPoolRuns(manager: EntityManager, pool: Pool): Promise<void> {
  if (!(await tryLockPoolRuns(manager, pool.id)))
    throw conflict(`a rating run of pool ${pool.code} is already in progress; try again when it has finished`);
}

/** The list in force before `effectiveDate` (its latest published revision), whose states a run starts from. */
export async function previousList(
  manager: EntityManager,
  pool: Pool,
  effectiveDate: string,
): Promise<RatingList | null> {
  const id = await publishedListIdBefore(manager, pool.id, effectiveDate);
  return id === null ? null : manager.getRepository(RatingList).findOneByOrFail({ id });
}

/** Phases of a run, reported as they end (the CLI shows progress with them, the benchmark times them). */
export type RunPhase = 'read' | 'rate' | 'write';

export interface RunOptions {
  onPhase?: (phase: RunPhase, milliseconds: number) => void;
}

/**
 * Computes a list for `list` (a draft row already inserted) from `previous` and the given tournaments,
 * and writes its rows. Shared by the monthly run and by republication.
 */
export async function computeList(
  manager: EntityManager,
  pool: Pool,
  list: RatingList,
  previous: RatingList | null,
  tournaments: readonly Pick<Tournament, 'id' | 'endDate'>[],
  options: RunOptions = {},
): Promise<ListTotals & { games: number }> {
  const phaseDone = phaseTimer(options.onPhase);
  const inputs = await readRunInputs(manager, pool, previous?.id ?? null, tournaments, list.period);
  phaseDone('read');
  // Game rows in the same pass: a run writes them all (gameRowsOf would rate the input a second time).
  const result = rateEvents(pool.ratingSystemId, pool.systemParams, inputs.players, inputs.events, { gameRows: true });
  const gameRows = gameRowsOf(result);
  phaseDone('rate');
  const totals = await writeListRows(manager, pool, list, inputs, result, gameRows);
  await manager.update(
    RatingList,
    { id: list.id },
    {
      entryCount: totals.entries,
      listedCount: totals.listed,
      tournamentCount: tournaments.length,
      gameCount: inputs.gameCount,
    },
  );
  phaseDone('write');
  return { ...totals, games: inputs.gameCount };
}

/**
 * Runs a rating period of a pool: every ACCEPTED tournament of the pool that ended by the
 * period's last day (late ones from earlier periods included) is rated with the pool's system, and a DRAFT
 * list is written — entries for every player, changes and per-game rows — in one transaction. Re-running
 * replaces the draft. Refused when the period is already published, or when a later list is.
 */
export async function runRatingPeriod(
  db: DataSource,
  input: { poolCode: string; period: string },
  ctx: WriteContext,
  options: RunOptions = {},
): Promise<RunReport> {
  authorize(ctx, 'ratings:run');
  const report = await runTransaction(db, async (manager) => {
    const pool = await poolByCode(manager, input.poolCode);
    getRatingSystem(pool.ratingSystemId); // an unknown system id fails here, before any work
    const period = ratingPeriod(input.period, pool.periodMonths);
    await lockPoolRuns(manager, pool);

    const lists = manager.getRepository(RatingList);
    const published = await lists.findOneBy({ poolId: pool.id, period: period.period, status: 'PUBLISHED' });
    if (published)
      throw conflict(`list ${pool.code} ${period.period} is already published; correct it with a republication`, {
        listId: published.id,
      });
    const later = await publishedPeriodAfter(manager, pool.id, period.effectiveDate);
    if (later) throw conflict(`list ${pool.code} ${later} is already published; periods are rated in order`);

    const drafts = await lists.findBy({ poolId: pool.id, period: period.period, status: 'DRAFT' });
    if (drafts.length) await lists.delete(drafts.map((d) => d.id));

    const previous = await previousList(manager, pool, period.effectiveDate);
    const tournaments = await acceptedTournamentsToRate(manager, pool.id, period.periodEnd);
    const list = await lists.save(
      lists.create({
        poolId: pool.id,
        period: period.period,
        periodStart: period.periodStart,
        periodEnd: period.periodEnd,
        effectiveDate: period.effectiveDate,
        cutOffDate: period.periodEnd,
        status: 'DRAFT',
        revision: 0,
        ratingSystemId: pool.ratingSystemId,
        systemParams: pool.systemParams,
        ruleVersion: RULE_VERSION,
      }),
    );
    const totals = await computeList(manager, pool, list, previous, tournaments, options);
    const report: RunReport = {
      listId: list.id,
      pool: pool.code,
      period,
      revision: 0,
      tournaments: tournaments.length,
      games: totals.games,
      players: totals.entries,
      listed: totals.listed,
      changes: totals.changes,
      gameRows: totals.gameRows,
      replacedDraft: drafts.length > 0,
    };
    await recordAudit(manager, ctx, {
      action: 'runRatingPeriod',
      entityType: 'RatingList',
      entityId: list.id,
      before: drafts.length ? { replacedDraftIds: drafts.map((d) => d.id) } : null,
      after: { ...report },
    });
    // Last, as it locks the tables of a list's rows whole until the commit: the replaced drafts' emptied partitions.
    if (drafts.length) await dropOrphanedListPartitions(manager);
    return report;
  });
  // The draft's review reads it next: without fresh statistics the planner takes its thousands of new rows for
  // none and joins them with nested loops (a 5,000-player review took 2 s instead of milliseconds).
  await analyze(db, RATING_TABLES);
  await analyzeListRows(db, report.listId);
  return report;
}
