import { readListCsv } from './csv';
import { readFideTxt } from './fide-txt';
import { readFideXml } from './fide-xml';
import type { ListBatch, ListRow, ListSource, ReadListOptions } from './types';

const DEFAULT_BATCH = 5_000;

/**
 * Reads a rating-list file as it streams in, in batches of rows: memory holds one chunk and one batch, never
 * the file. Throws `ListError` (line, column, what is wrong) at the first value it cannot read.
 */
export async function* readRatingList(source: ListSource, options: ReadListOptions): AsyncGenerator<ListBatch> {
  const control = options.control ?? 'standard';
  const size = options.batchSize ?? DEFAULT_BATCH;
  let month: string | null = null;
  let rows: ListRow[] = [];
  const groups =
    options.format === 'fide-txt'
      ? readFideTxt(source, control, options.latestBirthYear)
      : options.format === 'fide-xml'
        ? readFideXml(source, control, options.latestBirthYear)
        : readListCsv(source, options.latestBirthYear);
  // Each reader yields the rows of a chunk (CSV: of a record) as they come; they are regrouped here into batches.
  for await (const group of groups) {
    month = group.month;
    for (const row of group.rows) {
      rows.push(row);
      if (rows.length >= size) {
        yield { month, rows };
        rows = [];
      }
    }
  }
  yield { month, rows };
}
