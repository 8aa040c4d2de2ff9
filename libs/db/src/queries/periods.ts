import type { DataSource, EntityManager } from 'typeorm';
import type { TournamentStatus } from '../entities';

/** A tournament as a period's outlook names it. */
export interface PeriodTournament {
  readonly id: number;
  readonly name: string;
  readonly endDate: string;
  readonly status: TournamentStatus;
}

/** The period of the pool's latest published list ('YYYY-MM'), null before its first. */
export async function lastPublishedPeriod(db: DataSource | EntityManager, poolId: number): Promise<string | null> {
  const [row] = await db.query(
    `SELECT period FROM rating_lists WHERE pool_id = $1 AND status = 'PUBLISHED' ORDER BY effective_date DESC LIMIT 1`,
    [poolId],
  );
  return row?.period ?? null;
}

/** The day the pool's earliest tournament of `status` ended ('YYYY-MM-DD'), null when it has none. */
export async function earliestEndDate(
  db: DataSource | EntityManager,
  poolId: number,
  status: TournamentStatus,
): Promise<string | null> {
  const [row] = await db.query(
    `SELECT to_char(min(end_date), 'YYYY-MM-DD') AS "endDate" FROM tournaments WHERE pool_id = $1 AND status = $2`,
    [poolId, status],
  );
  return row?.endDate ?? null;
}

/**
 * The pool's tournaments of the given statuses that ended by `endedBy` ('YYYY-MM-DD'; null: whenever), in the
 * order a run rates them (end date, then id).
 */
export async function tournamentsEndedBy(
  db: DataSource | EntityManager,
  poolId: number,
  statuses: readonly TournamentStatus[],
  endedBy: string | null,
): Promise<PeriodTournament[]> {
  return db.query(
    `SELECT id, name, to_char(end_date, 'YYYY-MM-DD') AS "endDate", status FROM tournaments
     WHERE pool_id = $1 AND status = ANY($2) AND ($3::date IS NULL OR end_date <= $3::date)
     ORDER BY end_date, id`,
    [poolId, statuses, endedBy],
  );
}
