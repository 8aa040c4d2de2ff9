import type { DataSource } from 'typeorm';
import {
  historyExportRows,
  listExportRows,
  RatingList,
  type ExportCursor,
  type HistoryExportCursor,
} from '@ratings/db';
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
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await listExportRows(db, listId, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1];
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

/**
 * The full history of every player of a pool as CSV: one row per player and published list
 * (`lists`), or per player and rated tournament (`tournaments`), from the latest revision of each period.
 */
export async function* exportPoolHistory(db: DataSource, poolId: number, kind: HistoryKind): AsyncGenerator<string> {
  yield csvFileHeader(HISTORY_COLUMNS[kind]);
  let after: HistoryExportCursor | null = null;
  for (;;) {
    const batch = await historyExportRows(db, poolId, kind, after, EXPORT_BATCH);
    if (batch.next === null) return;
    yield batch.rows.map((values) => csvLine(values)).join('');
    after = batch.next;
  }
}
