import { ListError } from './errors';
import { textLines } from './text';
import type { ListRow, ListSource, RatingControl } from './types';
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

/**
 * How far a line's columns from FOA on are pushed right. FIDE pads every line to the header's width, and an
 * other-titles cell longer than its column pushes the rest of the line (`SI,FI,LSI,SLI,NAAFM 1938`): the
 * line is longer than the header by that much. A file whose trailing blanks were stripped loses the padding,
 * so the overflow is also read from the title run itself, when it reaches past FOA's three letters.
 */
function foaShift(text: string, layout: TxtLayout): number {
  const oTit = layout.columns.get('OTit')!;
  const foa = layout.columns.get('FOA')!;
  let runEnd = oTit.start;
  while (runEnd < text.length && text[runEnd] !== ' ') runEnd++;
  return Math.max(0, text.length - layout.headerLength, runEnd - (foa.start + 3));
}

/** Reads one player's line; `control` picks the combined layout's rating columns. */
export function txtRow(
  text: string,
  line: number,
  layout: TxtLayout,
  control: RatingControl,
  latestBirthYear: number,
): ListRow {
  const shift = foaShift(text, layout);
  const cell = (name: string): { value: string; at: Place } => {
    const column = layout.columns.get(name)!;
    const moved = column.start >= layout.columns.get('FOA')!.start ? shift : 0;
    const start = column.start + moved;
    const at = { line, column: start + 1, field: column.name };
    // A value running into this column from the left: the line's columns are not where the header says.
    if (start > 0 && start < text.length && text[start - 1] !== ' ' && text[start] !== ' ' && name !== 'FOA')
      throw new ListError(
        'MISALIGNED_FIELD',
        line,
        start,
        column.name,
        `a value runs into the ${column.name} column, which starts at column ${start + 1}: the line's columns are out of place`,
      );
    const end = name === 'OTit' ? column.end + shift : column.end + moved;
    return { value: text.slice(start, end).trim(), at };
  };
  const [ratingName, gamesName, kName] = layout.combined ? CONTROL_COLUMNS[control] : ['MONTH', 'Gms', 'K'];
  const name = cell('Name');
  const rating = cell(ratingName);
  const games = cell(gamesName);
  const k = cell(kName);
  const birth = cell('B-day');
  const flag = cell('Flag');
  const flags = flagValue(flag.value, flag.at);
  const id = cell('ID Number');
  const fed = cell('Fed');
  const sex = cell('Sex');
  return {
    line,
    fideId: fideIdValue(id.value, id.at),
    nationalId: null,
    ...splitName(name.value, name.at),
    federation: federationValue(fed.value, fed.at),
    sex: sexValue(sex.value, sex.at),
    titles: titleList(['Tit', 'WTit', 'OTit', 'FOA'].map(cell)),
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
}

/** FIDE's TXT lists (`players_list_foa.txt`, `standard_rating_list.txt` …), line by line. */
export async function* readFideTxt(
  source: ListSource,
  control: RatingControl,
  latestBirthYear: number,
): AsyncGenerator<{ month: string | null; row: ListRow }> {
  let layout: TxtLayout | null = null;
  for await (const { number, text, terminated } of textLines(source)) {
    if (layout === null) {
      layout = txtLayout(text);
      continue;
    }
    if (text.trim() === '') continue;
    const fedEnd = layout.columns.get('Fed')!.start + 3;
    if (!terminated && text.length < layout.columns.get('B-day')!.start) {
      throw new ListError(
        'TRUNCATED',
        number,
        text.length + 1,
        null,
        `the file ends in the middle of a player's line (it stops at column ${text.length}, before the B-day column)`,
      );
    }
    if (text.length < fedEnd)
      throw new ListError(
        'TRUNCATED',
        number,
        text.length + 1,
        'Fed',
        `the line stops at column ${text.length}, before the Fed column (columns ${fedEnd - 2}-${fedEnd})`,
      );
    yield { month: layout.month, row: txtRow(text, number, layout, control, latestBirthYear) };
  }
  if (layout === null) throw new ListError('WRONG_FORMAT', 1, 1, null, 'the file is empty');
}
