import { CHANGE_COLUMNS, type HistoryChangeRow } from './histories';
import type { Queryable } from './statement';

/** Rating changes a tournament made on the latest published revision of its list, best gain first. */
export async function tournamentChangeRows(db: Queryable, tournamentId: number): Promise<HistoryChangeRow[]> {
  return db.query(
    `SELECT ${CHANGE_COLUMNS}
     FROM rating_changes c JOIN rating_lists l ON l.id = c.list_id
     WHERE c.tournament_id = $1 AND l.status = 'PUBLISHED'
       AND l.revision = (SELECT max(revision) FROM rating_lists x WHERE x.pool_id = l.pool_id AND x.period = l.period AND x.status = 'PUBLISHED')
     ORDER BY c.change DESC NULLS LAST, c.player_id`,
    [tournamentId],
  );
}
