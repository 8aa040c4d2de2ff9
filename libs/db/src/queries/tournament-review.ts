import type { EntityManager } from 'typeorm';
import type { TournamentStatus } from '../entities';

/** One status change applied to many tournaments at once (a run's publication, a seed's acceptance). */
export interface StatusChange {
  readonly from: TournamentStatus;
  readonly to: TournamentStatus;
  /** The staff member who made it, or null for a process (then `actorLabel` names it). */
  readonly staffUserId: number | null;
  readonly actorLabel: string | null;
  readonly reason?: string | null;
}

/** Records the change of every tournament in `tournamentIds` in one statement (the status history). */
export async function insertStatusEvents(
  manager: EntityManager,
  tournamentIds: readonly number[],
  change: StatusChange,
): Promise<void> {
  if (tournamentIds.length === 0) return;
  await manager.query(
    `INSERT INTO tournament_status_events (tournament_id, from_status, to_status, staff_user_id, actor_label, reason)
     SELECT id, $2, $3, $4, $5, $6 FROM unnest($1::integer[]) AS id`,
    [tournamentIds, change.from, change.to, change.staffUserId, change.actorLabel, change.reason ?? null],
  );
}

export interface StatusEventRow {
  readonly id: number;
  readonly tournamentId: number;
  readonly fromStatus: TournamentStatus;
  readonly toStatus: TournamentStatus;
  readonly staffUserId: number | null;
  /** The staff member's display name, or the process's label. */
  readonly actorName: string | null;
  readonly at: Date;
  readonly reason: string | null;
}

/** The status history of each tournament, oldest first (one statement for many tournaments). */
export function statusHistories(manager: EntityManager, tournamentIds: readonly number[]): Promise<StatusEventRow[]> {
  return manager.query(
    `SELECT e.id, e.tournament_id AS "tournamentId", e.from_status AS "fromStatus", e.to_status AS "toStatus",
            e.staff_user_id AS "staffUserId", coalesce(s.display_name, e.actor_label) AS "actorName", e.at, e.reason
       FROM tournament_status_events e LEFT JOIN staff_users s ON s.id = e.staff_user_id
      WHERE e.tournament_id = ANY($1::integer[])
      ORDER BY e.tournament_id, e.at, e.id`,
    [tournamentIds],
  );
}
