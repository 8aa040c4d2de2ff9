import type { DataSource, EntityManager } from 'typeorm';
import {
  earliestEndDate,
  lastPublishedPeriod,
  Pool,
  tournamentsEndedBy,
  type PeriodTournament,
  type Tournament,
} from '@ratings/db';
import { periodAfter, periodRating, ratingPeriod, type RatingPeriod } from '@ratings/rating-rules';
import { poolByCode } from '../reading/lists';

/** What a run of a pool's period would rate, and what it would leave out. */
export interface PeriodOutlook {
  readonly pool: string;
  readonly periodMonths: number;
  /** The period (null: the pool has neither a published list nor an accepted tournament, nothing to run yet). */
  readonly period: RatingPeriod | null;
  /** The period of the pool's latest published list, null before its first. */
  readonly lastPublished: string | null;
  /** The ACCEPTED tournaments a run of the period rates: those that ended by its last day, late ones included. */
  readonly accepted: readonly PeriodTournament[];
  /** SUBMITTED tournaments that ended by its last day: left out until the rating officer accepts them. */
  readonly awaitingReview: readonly PeriodTournament[];
  /** DRAFT tournaments that ended by its last day (every DRAFT without a period): left out until submitted. */
  readonly drafts: readonly PeriodTournament[];
}

/**
 * The period a run of the pool rates next, and what it would include: the period after its latest published
 * list, or, before the first, the one that rates its earliest accepted tournament. Periods last the pool's
 * `periodMonths`.
 */
export async function nextRunnablePeriod(db: DataSource | EntityManager, poolCode: string): Promise<PeriodOutlook> {
  return outlook(db, poolCode, null);
}

/** The same outlook for a period the caller names ('YYYY-MM'). */
export async function periodOutlook(
  db: DataSource | EntityManager,
  poolCode: string,
  period: string,
): Promise<PeriodOutlook> {
  return outlook(db, poolCode, period);
}

/**
 * The period whose run rates a tournament: its pool's next period when it ended by that period's last day (late
 * ones included), else the later period its end date falls in.
 */
export async function tournamentRatingPeriod(
  db: DataSource | EntityManager,
  tournament: Pick<Tournament, 'poolId' | 'endDate'>,
): Promise<RatingPeriod> {
  const pool = await db.getRepository(Pool).findOneByOrFail({ id: tournament.poolId });
  const next = await nextPeriodName(db, pool.id, pool.periodMonths, await lastPublishedPeriod(db, pool.id));
  return ratingPeriod(periodRating(tournament.endDate, next, pool.periodMonths), pool.periodMonths);
}

async function outlook(db: DataSource | EntityManager, poolCode: string, named: string | null): Promise<PeriodOutlook> {
  const pool = await poolByCode(db, poolCode);
  const lastPublished = await lastPublishedPeriod(db, pool.id);
  const period = named ?? (await nextPeriodName(db, pool.id, pool.periodMonths, lastPublished));
  const dates = period === null ? null : ratingPeriod(period, pool.periodMonths);
  const endedBy = dates?.periodEnd ?? null;
  const accepted = dates === null ? [] : await tournamentsEndedBy(db, pool.id, ['ACCEPTED'], endedBy);
  const awaitingReview = await tournamentsEndedBy(db, pool.id, ['SUBMITTED'], endedBy);
  const drafts = await tournamentsEndedBy(db, pool.id, ['DRAFT'], endedBy);
  return {
    pool: pool.code,
    periodMonths: pool.periodMonths,
    period: dates,
    lastPublished,
    accepted,
    awaitingReview,
    drafts,
  };
}

async function nextPeriodName(
  db: DataSource | EntityManager,
  poolId: number,
  periodMonths: number,
  lastPublished: string | null,
): Promise<string | null> {
  if (lastPublished !== null) return periodAfter(lastPublished, periodMonths);
  const earliest = await earliestEndDate(db, poolId, 'ACCEPTED');
  return earliest === null ? null : periodRating(earliest, null, periodMonths);
}
