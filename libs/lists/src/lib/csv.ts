import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ListError } from './errors';
import { textChunks } from './text';
import type { ListBatch, ListRow, ListSource } from './types';
import {
  birthYearValue,
  boundedText,
  federationValue,
  fideIdValue,
  gamesValue,
  kValue,
  MAX_NAME_LENGTH,
  MAX_NATIONAL_ID_LENGTH,
  ratingValue,
  sexValue,
  titleList,
  type Place,
} from './values';

/**
 * The columns of the platform's CSV list export (libs/core's exports), in its order: an export re-imports.
 * `rank`, `player_id` and `category` are the exporting list's own and are recomputed, not read.
 */
export const LIST_CSV_COLUMNS = [
  'rank',
  'player_id',
  'national_id',
  'fide_id',
  'surname',
  'given_name',
  'federation',
  'sex',
  'titles',
  'birth_year',
  'club',
  'rating',
  'provisional',
  'category',
  'games_period',
  'games_total',
  'k',
  'listed',
  'inactive',
] as const;
type CsvColumn = (typeof LIST_CSV_COLUMNS)[number];
/** Columns an older export lacks (`inactive` came later): read as false when absent. */
const OPTIONAL_CSV_COLUMNS: readonly CsvColumn[] = ['inactive'];

/** The export's defence against spreadsheet formulas, undone: `'=x` was `=x` (see neutralizeCsvText). */
const NEUTRALIZED = /^'+[=+\-@\t\r]/;
const unneutralize = (text: string) => (NEUTRALIZED.test(text) ? text.slice(1) : text);

/**
 * The platform's CSV list (RFC 4180, a header row naming the columns), read with csv-parse as a stream, a record at
 * a time.
 */
export async function* readListCsv(source: ListSource, latestBirthYear: number): AsyncGenerator<ListBatch> {
  const parser = Readable.from(textChunks(source)).pipe(
    parse({ info: true, bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  let header: readonly string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === null) {
        header = csvHeader(record);
        continue;
      }
      if (record.length !== header.length)
        throw new ListError(
          record.length < header.length ? 'TRUNCATED' : 'MISALIGNED_FIELD',
          info.lines,
          Math.min(record.length, header.length) + 1,
          header[Math.min(record.length, header.length - 1)],
          `the line has ${record.length} fields, the header ${header.length}`,
        );
      yield { month: null, rows: [csvRow(record, header, info.lines, latestBirthYear)] };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      const code = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'TRUNCATED' : 'WRONG_FORMAT';
      throw new ListError(code, line, 1, null, `not a readable CSV file: ${error.message}`);
    }
    throw error;
  }
  if (header === null) throw new ListError('WRONG_FORMAT', 1, 1, null, 'the file is empty');
}

function csvHeader(record: readonly string[]): readonly string[] {
  const names = record.map((name) => name.trim());
  names.forEach((name, i) => {
    if (!(LIST_CSV_COLUMNS as readonly string[]).includes(name) || names.indexOf(name) !== i)
      throw new ListError(
        'WRONG_FORMAT',
        1,
        i + 1,
        name,
        `not the platform's CSV list: "${name}" is ${names.indexOf(name) !== i ? 'given twice' : 'not one of its columns'} (${LIST_CSV_COLUMNS.join(', ')})`,
      );
  });
  const missing = LIST_CSV_COLUMNS.filter((name) => !names.includes(name) && !OPTIONAL_CSV_COLUMNS.includes(name));
  if (missing.length > 0)
    throw new ListError(
      'WRONG_FORMAT',
      1,
      1,
      null,
      `not the platform's CSV list: the header lacks ${missing.join(', ')}`,
    );
  return names;
}

function csvRow(record: readonly string[], header: readonly string[], line: number, latestBirthYear: number): ListRow {
  const get = (name: CsvColumn): { value: string; at: Place } => {
    const index = header.indexOf(name);
    return { value: unneutralize(record[index].trim()), at: { line, column: index + 1, field: name } };
  };
  const text = (name: CsvColumn, max: number) => {
    const { value, at } = get(name);
    return value === '' ? null : boundedText(value, at, max, name.replace('_', ' '));
  };
  const bool = (name: CsvColumn) => {
    if (!header.includes(name)) return false;
    const { value, at } = get(name);
    if (value !== 'true' && value !== 'false')
      throw new ListError('INVALID_VALUE', line, at.column, name, `"${value}" is not true or false`);
    return value === 'true';
  };
  const [fideId, federation, sex, titles, birthYear, rating, gamesPeriod, gamesTotal, k] = (
    ['fide_id', 'federation', 'sex', 'titles', 'birth_year', 'rating', 'games_period', 'games_total', 'k'] as const
  ).map(get);
  const surname = get('surname');
  if (surname.value === '')
    throw new ListError('INVALID_VALUE', line, surname.at.column, 'surname', 'the surname is missing');
  const inPeriod = gamesValue(gamesPeriod.value, gamesPeriod.at);
  const total = gamesValue(gamesTotal.value, gamesTotal.at);
  if (total < inPeriod)
    throw new ListError(
      'INVALID_VALUE',
      line,
      gamesTotal.at.column,
      'games_total',
      `${total} games in all but ${inPeriod} in the period`,
    );
  return {
    line,
    fideId: fideIdValue(fideId.value, fideId.at),
    nationalId: text('national_id', MAX_NATIONAL_ID_LENGTH),
    surname: boundedText(surname.value, surname.at, MAX_NAME_LENGTH, 'surname'),
    givenName: text('given_name', MAX_NAME_LENGTH),
    federation: federationValue(federation.value, federation.at),
    sex: sexValue(sex.value, sex.at),
    titles: titleList(titles.value.split(' ').map((value) => ({ value, at: titles.at }))),
    birthYear: birthYearValue(birthYear.value, birthYear.at, latestBirthYear),
    club: get('club').value || null,
    rating: ratingValue(rating.value, rating.at),
    gamesInPeriod: inPeriod,
    gamesTotal: total,
    k: kValue(k.value, k.at),
    provisional: bool('provisional'),
    listed: bool('listed'),
    inactive: bool('inactive'),
  };
}
