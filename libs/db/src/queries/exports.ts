import type { Queryable } from './statement';

/** A player's line on a list with who he is, as a list export writes it. */
export interface ExportRow {
  playerId: number;
  nationalId: string | null;
  fideId: string | null;
  surname: string;
  givenName: string | null;
  federation: string | null;
  sex: string | null;
  titles: string[];
  birthYear: number | null;
  club: string | null;
  rank: number | null;
  rating: number | null;
  provisional: boolean;
  category: string | null;
  gamesInPeriod: number;
  gamesTotal: number;
  k: number | null;
  listed: boolean;
  inactive: boolean;
}

/** Position after which an export batch starts (rank null for the unranked, who come last). */
export interface ExportCursor {
  readonly rank: number | null;
  readonly playerId: number;
}

const EXPORT_COLUMNS = `e.player_id AS "playerId", p.national_id AS "nationalId", p.fide_id AS "fideId", p.surname,
            p.given_name AS "givenName", p.federation, p.sex, p.titles, p.birth_year AS "birthYear", p.club, e.rank,
            e.rating, e.provisional, e.category_code AS category, e.games_in_period AS "gamesInPeriod",
            e.games_total AS "gamesTotal", e.k, e.listed, e.inactive`;

/**
 * A batch of a list's lines, ranked players first by rank, then the unranked, player id breaking ties. Two
 * ranges of `ix_rating_list_entries_list_id_rank` (list, rank, player), the ranked after the cursor then the
 * unranked, so a batch reads its own rows and never sorts the list.
 */
export async function listExportRows(
  db: Queryable,
  listId: number,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const { sql, parameters } = listExportQuery(listId, after, limit);
  return db.query(sql, parameters);
}

/** listExportRows' statement (its plan is tested). */
export function listExportQuery(
  listId: number,
  after: ExportCursor | null,
  limit: number,
): { sql: string; parameters: unknown[] } {
  const inUnranked = after !== null && after.rank === null;
  return {
    sql: `SELECT * FROM (
       (SELECT ${EXPORT_COLUMNS} FROM rating_list_entries e JOIN players p ON p.id = e.player_id
         WHERE e.list_id = $1 AND NOT $5 AND e.rank IS NOT NULL AND (e.rank, e.player_id) > ($2, $3)
         ORDER BY e.rank, e.player_id LIMIT $4)
       UNION ALL
       (SELECT ${EXPORT_COLUMNS} FROM rating_list_entries e JOIN players p ON p.id = e.player_id
         WHERE e.list_id = $1 AND e.rank IS NULL AND e.player_id > (CASE WHEN $5 THEN $3 ELSE -1 END)
         ORDER BY e.player_id LIMIT $4)) batch
     ORDER BY rank NULLS LAST, "playerId" LIMIT $4`,
    parameters: [listId, after?.rank ?? 0, after?.playerId ?? -1, limit, inUnranked],
  };
}

export type HistoryExportKind = 'lists' | 'tournaments';

/** Where a history export batch starts: after this player, list date and row id. */
export interface HistoryExportCursor {
  readonly playerId: number;
  readonly effectiveDate: string;
  readonly sortId: number;
}

const HISTORY_QUERIES: Record<HistoryExportKind, string> = {
  lists: `SELECT e.player_id, p.national_id, p.surname, p.given_name, l.period, l.effective_date, l.revision, e.rating, e.provisional, e.rank,
                 e.category_code, e.games_in_period, e.games_total, e.k, l.id AS sort_list
          FROM rating_list_entries e JOIN players p ON p.id = e.player_id JOIN in_force l ON l.id = e.list_id
          WHERE (e.player_id, l.effective_date, l.id) > ($2, $3::date, $4)
          ORDER BY e.player_id, l.effective_date, l.id`,
  tournaments: `SELECT c.player_id, p.national_id, p.surname, p.given_name, l.period, l.effective_date, c.tournament_id, t.name, t.end_date,
                       c.rating_before, c.rating_after, c.expected, c.score, c.games, c.k, c.bonus, c.performance, c.change, c.id AS sort_list
          FROM rating_changes c JOIN players p ON p.id = c.player_id JOIN in_force l ON l.id = c.list_id JOIN tournaments t ON t.id = c.tournament_id
          WHERE (c.player_id, l.effective_date, c.id) > ($2, $3::date, $4)
          ORDER BY c.player_id, l.effective_date, c.id`,
};

export interface HistoryExportBatch {
  /** Each row's values in column order (the sort key left out). */
  readonly rows: unknown[][];
  /** Where the next batch starts (null when this one was empty). */
  readonly next: HistoryExportCursor | null;
}

/**
 * A batch of a pool's history, from the latest revision of each period: one row per player and list
 * (`lists`) or per player and rated tournament (`tournaments`), by player, then date.
 */
export async function historyExportRows(
  db: Queryable,
  poolId: number,
  kind: HistoryExportKind,
  after: HistoryExportCursor | null,
  limit: number,
): Promise<HistoryExportBatch> {
  const rows: Record<string, unknown>[] = await db.query(
    `WITH in_force AS (
       SELECT DISTINCT ON (period) id, period, effective_date, revision FROM rating_lists
       WHERE pool_id = $1 AND status = 'PUBLISHED' ORDER BY period, revision DESC)
     ${HISTORY_QUERIES[kind]} LIMIT $5`,
    [poolId, after?.playerId ?? -1, after?.effectiveDate ?? '0001-01-01', after?.sortId ?? -1, limit],
  );
  const last = rows.at(-1);
  return {
    rows: rows.map((row) =>
      Object.entries(row)
        .filter(([key]) => key !== 'sort_list')
        .map(([, value]) => value),
    ),
    next:
      last === undefined
        ? null
        : {
            playerId: last.player_id as number,
            effectiveDate: last.effective_date as string,
            sortId: last.sort_list as number,
          },
  };
}
