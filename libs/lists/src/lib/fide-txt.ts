import { ListError } from './errors';
import { textLines } from './text';
import type { ListBatch, ListRow, ListSource, RatingControl } from './types';
import {
  birthYearValue,
  federationValue,
  fideIdValue,
  flagValue,
  gamesValue,
  kValue,
  ratingValue,
  sexValue,
  splitName,
  titleList,
  type Place,
} from './values';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** The single-control header's rating column is the list's month: `OCT26`. */
const MONTH_TOKEN = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d{2})$/;

/** The header names of each layout, in FIDE's order; `MONTH` stands for the month token. */
const LEADING = ['ID Number', 'Name', 'Fed', 'Sex', 'Tit', 'WTit', 'OTit', 'FOA'];
const COMBINED = [...LEADING, 'SRtng', 'SGm', 'SK', 'RRtng', 'RGm', 'Rk', 'BRtng', 'BGm', 'BK', 'B-day', 'Flag'];
const SINGLE = [...LEADING, 'MONTH', 'Gms', 'K', 'B-day', 'Flag'];
const CONTROL_COLUMNS: Record<RatingControl, readonly [string, string, string]> = {
  standard: ['SRtng', 'SGm', 'SK'],
  rapid: ['RRtng', 'RGm', 'Rk'],
  blitz: ['BRtng', 'BGm', 'BK'],
};

interface Column {
  readonly name: string;
  /** 0-based start, from the header. */
  readonly start: number;
  /** 0-based end (exclusive): the next column's start; the last runs to the end of the line. */
  readonly end: number;
}

export interface TxtLayout {
  readonly combined: boolean;
  readonly month: string | null;
  readonly columns: ReadonlyMap<string, Column>;
  readonly headerLength: number;
}

/** Locates the columns by their names in the header line (FIDE moves them between editions). */
export function txtLayout(header: string): TxtLayout {
  const tokens: { name: string; start: number }[] = [];
  for (const match of header.matchAll(/ID Number|\S+/g)) tokens.push({ name: match[0], start: match.index });
  if (tokens[0]?.name !== 'ID Number')
    throw new ListError(
      'WRONG_FORMAT',
      1,
      1,
      null,
      'not a FIDE TXT rating list: the header line must start with "ID Number"',
    );
  const month = tokens.map((token) => MONTH_TOKEN.exec(token.name)).find((match) => match !== null);
  const combined = tokens.some((token) => token.name === 'SRtng');
  const expected = combined ? COMBINED : SINGLE;
  const names = tokens.map((token) => (MONTH_TOKEN.test(token.name) ? 'MONTH' : token.name));
  expected.forEach((name, i) => {
    if (names[i] !== name) {
      const found = tokens[i];
      throw new ListError(
        'WRONG_FORMAT',
        1,
        (found?.start ?? header.length) + 1,
        null,
        `not a FIDE TXT rating list: the header's column ${i + 1} should be ${name === 'MONTH' ? 'the month (OCT26)' : `"${name}"`}, found ${found ? `"${found.name}"` : 'the end of the line'}`,
      );
    }
  });
  const columns = new Map<string, Column>();
  tokens.forEach((token, i) =>
    columns.set(names[i], { name: token.name, start: token.start, end: tokens[i + 1]?.start ?? Infinity }),
  );
  return {
    combined,
    month: month ? `20${month[2]}-${String(MONTHS.indexOf(month[1]) + 1).padStart(2, '0')}` : null,
    columns,
    headerLength: header.length,
  };
}

/** Where a row reads one of its cells: the header's column, and how a line's FOA shift (see foaShift) moves it. */
interface Cell {
  /** The header's name for the column (the month token for the single layout's rating), as errors name it. */
  readonly field: string;
  readonly start: number;
  readonly end: number;
  /** Columns from FOA on move right by the line's shift. */
  readonly moves: boolean;
  /** OTit stays where it starts and takes the shift at its end: the overflow is its own text. */
  readonly stretches: boolean;
  /** A value running into the column from the left is refused, except into FOA, where OTit's overflow lands. */
  readonly guarded: boolean;
}

const SPACE = 32;

/**
 * How far a line's columns from FOA on are pushed right. FIDE pads every line to the header's width, and an
 * other-titles cell longer than its column pushes the rest of the line (`SI,FI,LSI,SLI,NAAFM 1938`): the
 * line is longer than the header by that much. A file whose trailing blanks were stripped loses the padding,
 * so the overflow is also read from the title run itself, when it reaches past FOA's three letters.
 */
function foaShift(text: string, oTitStart: number, foaStart: number, headerLength: number): number {
  let runEnd = oTitStart;
  while (runEnd < text.length && text.charCodeAt(runEnd) !== SPACE) runEnd++;
  return Math.max(0, text.length - headerLength, runEnd - (foaStart + 3));
}

/**
 * The reader of one file's player lines, its cells resolved once from the layout; `control` picks the combined
 * layout's rating columns. A line too short to hold its player is refused, then each cell's text is cut and
 * checked for misalignment, then every value is read.
 */
function txtRowReader(
  layout: TxtLayout,
  control: RatingControl,
  latestBirthYear: number,
): (text: string, line: number, terminated: boolean) => ListRow {
  const foaStart = layout.columns.get('FOA')!.start;
  const fedEnd = layout.columns.get('Fed')!.start + 3;
  const birthStart = layout.columns.get('B-day')!.start;
  const oTitStart = layout.columns.get('OTit')!.start;
  const cellOf = (name: string): Cell => {
    const column = layout.columns.get(name)!;
    return {
      field: column.name,
      start: column.start,
      end: column.end,
      moves: column.start >= foaStart,
      stretches: name === 'OTit',
      guarded: name !== 'FOA',
    };
  };
  const [ratingName, gamesName, kName] = layout.combined ? CONTROL_COLUMNS[control] : ['MONTH', 'Gms', 'K'];
  const [idCell, nameCell, fedCell, sexCell, ratingCell, gamesCell, kCell, birthCell, flagCell] = [
    'ID Number',
    'Name',
    'Fed',
    'Sex',
    ratingName,
    gamesName,
    kName,
    'B-day',
    'Flag',
  ].map(cellOf);
  const titleCells = ['Tit', 'WTit', 'OTit', 'FOA'].map(cellOf);

  return (text, line, terminated) => {
    if (!terminated && text.length < birthStart)
      throw new ListError(
        'TRUNCATED',
        line,
        text.length + 1,
        null,
        `the file ends in the middle of a player's line (it stops at column ${text.length}, before the B-day column)`,
      );
    if (text.length < fedEnd)
      throw new ListError(
        'TRUNCATED',
        line,
        text.length + 1,
        'Fed',
        `the line stops at column ${text.length}, before the Fed column (columns ${fedEnd - 2}-${fedEnd})`,
      );
    const shift = foaShift(text, oTitStart, foaStart, layout.headerLength);
    const read = (cell: Cell): { value: string; at: Place } => {
      const start = cell.moves ? cell.start + shift : cell.start;
      // A value running into this column from the left: the line's columns are not where the header says.
      if (
        cell.guarded &&
        start > 0 &&
        start < text.length &&
        text.charCodeAt(start - 1) !== SPACE &&
        text.charCodeAt(start) !== SPACE
      )
        throw new ListError(
          'MISALIGNED_FIELD',
          line,
          start,
          cell.field,
          `a value runs into the ${cell.field} column, which starts at column ${start + 1}: the line's columns are out of place`,
        );
      const end = cell.moves || cell.stretches ? cell.end + shift : cell.end;
      return { value: text.slice(start, end).trim(), at: { line, column: start + 1, field: cell.field } };
    };
    const id = read(idCell);
    const name = read(nameCell);
    const fed = read(fedCell);
    const sex = read(sexCell);
    const titles = titleCells.map(read);
    const rating = read(ratingCell);
    const games = read(gamesCell);
    const k = read(kCell);
    const birth = read(birthCell);
    const flag = read(flagCell);
    const flags = flagValue(flag.value, flag.at);
    return {
      line,
      fideId: fideIdValue(id.value, id.at),
      nationalId: null,
      ...splitName(name.value, name.at),
      federation: federationValue(fed.value, fed.at),
      sex: sexValue(sex.value, sex.at),
      titles: titleList(titles),
      birthYear: birthYearValue(birth.value, birth.at, latestBirthYear),
      club: null,
      rating: ratingValue(rating.value, rating.at),
      gamesInPeriod: gamesValue(games.value, games.at),
      gamesTotal: null,
      k: kValue(k.value, k.at),
      provisional: flags.provisional || null,
      listed: null,
      inactive: flags.inactive,
    };
  };
}

/** FIDE's TXT lists (`players_list_foa.txt`, `standard_rating_list.txt` …), a chunk's lines at a time. */
export async function* readFideTxt(
  source: ListSource,
  control: RatingControl,
  latestBirthYear: number,
): AsyncGenerator<ListBatch> {
  // From the header line on: the list's month and the row reader.
  let file: { month: string | null; rowOf: ReturnType<typeof txtRowReader> } | null = null;
  for await (const lines of textLines(source)) {
    const rows: ListRow[] = [];
    for (const { number, text, terminated } of lines) {
      if (file === null) {
        const layout = txtLayout(text);
        file = { month: layout.month, rowOf: txtRowReader(layout, control, latestBirthYear) };
      } else if (text.trim() !== '') rows.push(file.rowOf(text, number, terminated));
    }
    if (file !== null && rows.length > 0) yield { month: file.month, rows };
  }
  if (file === null) throw new ListError('WRONG_FORMAT', 1, 1, null, 'the file is empty');
}
