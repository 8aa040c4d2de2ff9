import { Brackets, type EntityManager } from 'typeorm';
import { Tournament } from '../entities';
import type { HistoryChangeRow } from './histories';
import { inListOrder, keysetOf, orderFor, type PagePosition } from './keyset';
import type { Queryable } from './statement';

/**
 * Rating changes a tournament made on the latest published revision of its list, best gain first (the query:
 * migration ChangesByList).
 */
export async function tournamentChangeRows(db: Queryable, tournamentId: number): Promise<HistoryChangeRow[]> {
  return db.query('SELECT * FROM tournament_change_rows($1)', [tournamentId]);
}

/** The players of a tournament with their start ranks. */
export async function participantRanks(
  manager: EntityManager,
  tournamentId: number,
): Promise<{ playerId: number; startRank: number }[]> {
  return manager.query(
    'SELECT player_id AS "playerId", start_rank AS "startRank" FROM tournament_participants WHERE tournament_id = $1',
    [tournamentId],
  );
}

/** The ids of a tournament's participants. */
export async function participantIds(manager: EntityManager, tournamentId: number): Promise<number[]> {
  const rows: { player_id: number }[] = await manager.query(
    'SELECT player_id FROM tournament_participants WHERE tournament_id = $1',
    [tournamentId],
  );
  return rows.map((row) => row.player_id);
}

export interface RecordedGameSeat {
  round: number;
  board: number | null;
  whitePlayerId: number;
  blackPlayerId: number | null;
}

/** Who plays where in the given rounds of a tournament. */
export async function gameSeats(
  manager: EntityManager,
  tournamentId: number,
  rounds: readonly number[],
): Promise<RecordedGameSeat[]> {
  return manager.query(
    `SELECT round, board, white_player_id AS "whitePlayerId", black_player_id AS "blackPlayerId"
     FROM games WHERE tournament_id = $1 AND round = ANY($2::int[])`,
    [tournamentId, rounds],
  );
}

export interface GameSpanRow {
  lastRound: number | null;
  firstDay: string | null;
  lastDay: string | null;
}

/** The last round and the first and last days of a tournament's recorded games (nulls when it has none). */
export async function gameSpan(manager: EntityManager, tournamentId: number): Promise<GameSpanRow> {
  const [row]: GameSpanRow[] = await manager.query(
    'SELECT max(round) AS "lastRound", min(played_on) AS "firstDay", max(played_on) AS "lastDay" FROM games WHERE tournament_id = $1',
    [tournamentId],
  );
  return row;
}

export interface TournamentConditions {
  readonly poolId?: number | null;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly search?: string | null;
  readonly status?: string | null;
  /** The staff member who created them. */
  readonly createdBy?: number | null;
  /** What the reader may see: these statuses, plus whatever `ownerId` created; null or absent sees everything. */
  readonly visibleTo?: { readonly statuses: readonly string[]; readonly ownerId: number | null } | null;
}

export interface TournamentCursor {
  readonly endDate: string;
  readonly id: number;
}

/** A page of tournaments, most recent first (end date, id), and how many match in all. */
export async function tournamentsDirectory(
  db: Queryable,
  conditions: TournamentConditions,
  limit: number,
  position: PagePosition<TournamentCursor>,
): Promise<{ rows: Tournament[]; totalCount: number }> {
  const query = db.getRepository(Tournament).createQueryBuilder('t');
  const visibleTo = conditions.visibleTo;
  if (visibleTo) {
    query.andWhere(
      new Brackets((visible) => {
        visible.where('t.status IN (:...visibleStatuses)', { visibleStatuses: visibleTo.statuses });
        if (visibleTo.ownerId != null)
          visible.orWhere('t.created_by_staff_id = :ownerId', { ownerId: visibleTo.ownerId });
      }),
    );
  }
  if (conditions.createdBy != null)
    query.andWhere('t.created_by_staff_id = :createdBy', { createdBy: conditions.createdBy });
  if (conditions.poolId != null) query.andWhere('t.pool_id = :poolId', { poolId: conditions.poolId });
  if (conditions.status) query.andWhere('t.status = :status', { status: conditions.status });
  if (conditions.from) query.andWhere('t.end_date >= :from', { from: conditions.from });
  if (conditions.to) query.andWhere('t.end_date <= :to', { to: conditions.to });
  if (conditions.search) {
    query.andWhere(
      "immutable_unaccent(lower(t.name || ' ' || coalesce(t.city, ''))) LIKE immutable_unaccent(lower(:search))",
      {
        search: `%${conditions.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      },
    );
  }
  const totalCount = await query.clone().getCount();
  const { key, backward } = keysetOf(position);
  if (key) query.andWhere(`(t.end_date, t.id) ${backward ? '>' : '<'} (:endDate, :id)`, key);
  const order = orderFor('DESC', backward);
  const rows = await query.orderBy('t.end_date', order).addOrderBy('t.id', order).limit(limit).getMany();
  return { rows: inListOrder(rows, backward), totalCount };
}

/** What a tournament's TRF import did, as stored (null: typed in by hand, or imported before reports were kept). */
export async function tournamentImportReport(
  db: Queryable,
  tournamentId: number,
): Promise<Record<string, unknown> | null> {
  const rows: { report: Record<string, unknown> | null }[] = await db.query(
    'SELECT import_report AS report FROM tournaments WHERE id = $1',
    [tournamentId],
  );
  return rows[0]?.report ?? null;
}

/** Keeps what a tournament's TRF import did with it (see `tournamentImportReport`). */
export async function saveTournamentImportReport(db: Queryable, tournamentId: number, report: object): Promise<void> {
  await db.query('UPDATE tournaments SET import_report = $2 WHERE id = $1', [tournamentId, JSON.stringify(report)]);
}
