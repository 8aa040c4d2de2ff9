import type { DataSource } from 'typeorm';
import { RatingList } from '@ratings/db';
import { invalidInput, notFound } from '../errors';
import { poolsByIds } from '../reading/lists';
import {
  csvFileHeader,
  csvHeader,
  csvLine,
  csvRow,
  jsonClose,
  jsonOpen,
  jsonRow,
  txtHeader,
  txtRow,
  xmlClose,
  xmlOpen,
  xmlRow,
  type ExportList,
  type ExportRow,
} from './formats';

export const LIST_EXPORT_FORMATS = ['csv', 'json', 'txt', 'xml'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ListExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** Rows read per query while streaming: memory stays flat whatever the list's size. */
const EXPORT_BATCH = 5_000;
/** Sorts players without a rank after the ranked ones. */
const UNRANKED = 2_147_483_647;

export function parseExportFormat(format: string): ListExportFormat {
  if (!(LIST_EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw invalidInput('format', `"${format}" is not an export format (${LIST_EXPORT_FORMATS.join(', ')})`);
  }
  return format as ListExportFormat;
}

export interface ListExport {
  list: ExportList;
  fileName: string;
  contentType: string;
  /** The file, chunk by chunk, read from the database in batches as it is consumed. */
  chunks: AsyncGenerator<string>;
}

/**
 * A list as a file (CSV, JSON, FIDE-style TXT and XML), streamed: rows are read in keyset
 * batches as the consumer pulls, so a 1.5-million-player list never sits in memory. Drafts only when asked
 * (a rating officer reviewing a run).
 */
export async function exportRatingList(
  db: DataSource,
  listId: number,
  format: ListExportFormat,
  options: { allowDraft?: boolean } = {},
): Promise<ListExport> {
  const list = await db.getRepository(RatingList).findOneBy({ id: listId });
  if (!list || (list.status !== 'PUBLISHED' && !options.allowDraft)) throw notFound('Rating list', listId);
  const [pool] = await poolsByIds(db, [list.poolId]);
  const meta: ExportList = {
    id: list.id,
    pool: pool!.code,
    period: list.period,
    effectiveDate: list.effectiveDate,
    revision: list.revision,
    status: list.status,
    ratingSystemId: list.ratingSystemId,
  };
  const revision = list.revision ? `-r${list.revision}` : '';
  return {
    list: meta,
    fileName: `${meta.pool}-${list.period}${revision}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    chunks: listChunks(db, meta, format),
  };
}

async function* entryBatches(db: DataSource, listId: number): AsyncGenerator<ExportRow[]> {
  let after: [number, number] = [-1, -1];
  for (;;) {
    const rows: ExportRow[] = await db.query(
      `SELECT e.player_id AS "playerId", p.national_id AS "nationalId", p.fide_id AS "fideId", p.surname, p.given_name AS "givenName",
              p.federation, p.sex, p.titles, p.birth_year AS "birthYear", p.club, e.rank, e.rating, e.provisional,
              e.category_code AS category, e.games_in_period AS "gamesInPeriod", e.games_total AS "gamesTotal", e.k, e.listed, e.inactive
       FROM rating_list_entries e JOIN players p ON p.id = e.player_id
       WHERE e.list_id = $1 AND (coalesce(e.rank, ${UNRANKED}), e.player_id) > ($2, $3)
       ORDER BY coalesce(e.rank, ${UNRANKED}), e.player_id
       LIMIT ${EXPORT_BATCH}`,
      [listId, after[0], after[1]],
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    after = [last.rank ?? UNRANKED, last.playerId];
  }
}

async function* listChunks(db: DataSource, list: ExportList, format: ListExportFormat): AsyncGenerator<string> {
  const open = { csv: csvHeader(), json: jsonOpen(list), txt: txtHeader(list), xml: xmlOpen(list) }[format];
  yield open;
  let first = true;
  for await (const batch of entryBatches(db, list.id)) {
    let text = '';
    for (const row of batch) {
      text +=
        format === 'csv'
          ? csvRow(row)
          : format === 'json'
            ? jsonRow(row, first)
            : format === 'txt'
              ? txtRow(row)
              : xmlRow(row);
      first = false;
    }
    yield text;
  }
  if (format === 'json') yield jsonClose();
  if (format === 'xml') yield xmlClose();
}

export const HISTORY_KINDS = ['lists', 'tournaments'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

const HISTORY_COLUMNS: Record<HistoryKind, readonly string[]> = {
  lists: [
    'player_id',
    'national_id',
    'surname',
    'given_name',
    'period',
    'effective_date',
    'revision',
    'rating',
    'provisional',
    'rank',
    'category',
    'games_period',
    'games_total',
    'k',
  ],
  tournaments: [
    'player_id',
    'national_id',
    'surname',
    'given_name',
    'period',
    'effective_date',
    'tournament_id',
    'tournament',
    'end_date',
    'rating_before',
    'rating_after',
    'expected',
    'score',
    'games',
    'k',
    'bonus',
    'performance',
    'change',
  ],
};

const HISTORY_QUERIES: Record<HistoryKind, string> = {
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

/**
 * The full history of every player of a pool as CSV: one row per player and published list
 * (`lists`), or per player and rated tournament (`tournaments`), from the latest revision of each period.
 */
export async function* exportPoolHistory(db: DataSource, poolId: number, kind: HistoryKind): AsyncGenerator<string> {
  yield csvFileHeader(HISTORY_COLUMNS[kind]);
  let after: [number, string, number] = [-1, '0001-01-01', -1];
  for (;;) {
    const rows: Record<string, unknown>[] = await db.query(
      `WITH in_force AS (
         SELECT DISTINCT ON (period) id, period, effective_date, revision FROM rating_lists
         WHERE pool_id = $1 AND status = 'PUBLISHED' ORDER BY period, revision DESC)
       ${HISTORY_QUERIES[kind]} LIMIT ${EXPORT_BATCH}`,
      [poolId, ...after],
    );
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvLine(
          Object.entries(row)
            .filter(([key]) => key !== 'sort_list')
            .map(([, value]) => value),
        ),
      )
      .join('');
    const last = rows[rows.length - 1];
    after = [last.player_id as number, last.effective_date as string, last.sort_list as number];
  }
}
