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
  const all =
    options.format === 'fide-txt'
      ? mapRows(readFideTxt(source, control, options.latestBirthYear), (item) => {
          month = item.month;
          return item.row;
        })
      : options.format === 'fide-xml'
        ? readFideXml(source, control, options.latestBirthYear)
        : readListCsv(source, options.latestBirthYear);
  for await (const row of all) {
    rows.push(row);
    if (rows.length >= size) {
      yield { month, rows };
      rows = [];
    }
  }
  yield { month, rows };
}

async function* mapRows<T>(items: AsyncIterable<T>, map: (item: T) => ListRow): AsyncGenerator<ListRow> {
  for await (const item of items) yield map(item);
}
