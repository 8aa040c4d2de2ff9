import { ListError } from './errors';

/** The highest rating any system publishes here is far below this; above it a value is a typo or a shift. */
export const MAX_RATING = 3500;
export const MAX_K = 100;
export const MIN_BIRTH_YEAR = 1800;
/** The players table's name columns (`surname`, `given_name`: varchar(100)); FIDE's Name column is 60 wide. */
export const MAX_NAME_LENGTH = 100;
/** The players table's title elements (varchar(16)); FIDE's longest, `FST` or `LSI`, is a few letters. */
export const MAX_TITLE_LENGTH = 16;
/** The players table's member number (varchar(32)). */
export const MAX_NATIONAL_ID_LENGTH = 32;

/** Where a value sits, for its error: line, 1-based column, the column's name. */
export interface Place {
  readonly line: number;
  readonly column: number;
  readonly field: string;
}

const fail = (code: ListError['code'], at: Place, problem: string) =>
  new ListError(code, at.line, at.column, at.field, problem);

function wholeNumber(text: string, at: Place): number | null {
  if (text === '') return null;
  if (!/^\d+$/.test(text)) throw fail('INVALID_NUMBER', at, `"${text}" is not a whole number`);
  return Number(text);
}

/** A FIDE id: digits, not 0 (blank and 0 both mean none). */
export function fideIdValue(text: string, at: Place): string | null {
  const value = wholeNumber(text, at);
  if (value === null || value === 0) return null;
  if (text.length > 12) throw fail('INVALID_NUMBER', at, `FIDE id "${text}" has more than 12 digits`);
  return String(value);
}

/** A rating: blank or 0 is "not rated", else 1…MAX_RATING. */
export function ratingValue(text: string, at: Place): number | null {
  const value = wholeNumber(text, at);
  if (value === null || value === 0) return null;
  if (value > MAX_RATING) throw fail('IMPOSSIBLE_RATING', at, `rating ${value} is above ${MAX_RATING}`);
  return value;
}

export function gamesValue(text: string, at: Place): number {
  return wholeNumber(text, at) ?? 0;
}

/** K: blank or 0 (FIDE's files for a player without a rating) is none. */
export function kValue(text: string, at: Place): number | null {
  if (text === '' || text === '0') return null;
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text)) throw fail('INVALID_NUMBER', at, `K "${text}" is not a number`);
  if (value < 1 || value > MAX_K) throw fail('IMPOSSIBLE_RATING', at, `K ${value} is not between 1 and ${MAX_K}`);
  return value;
}

/** A birth year: blank or 0000 is unknown; a full date (FIDE XML sometimes) gives its year. */
export function birthYearValue(text: string, at: Place, latest: number): number | null {
  const match = /^(\d{4})(-\d{2}-\d{2})?$/.exec(text);
  if (text === '' || text === '0000') return null;
  if (!match) throw fail('IMPOSSIBLE_DATE', at, `"${text}" is not a birth year`);
  const year = Number(match[1]);
  if (year < MIN_BIRTH_YEAR || year > latest)
    throw fail('IMPOSSIBLE_DATE', at, `birth year ${year} is not between ${MIN_BIRTH_YEAR} and ${latest}`);
  return year;
}

export function sexValue(text: string, at: Place): 'M' | 'F' | null {
  if (text === '') return null;
  if (text === 'M' || text === 'F') return text;
  throw fail('INVALID_VALUE', at, `sex "${text}" is not M or F`);
}

export function federationValue(text: string, at: Place): string | null {
  if (text === '') return null;
  if (!/^[A-Z]{3}$/.test(text)) throw fail('INVALID_VALUE', at, `federation "${text}" is not a three-letter code`);
  return text;
}

/** FIDE's flag column: `w` woman, `i` inactive; the platform's exports add `p` for a provisional rating. */
export function flagValue(text: string, at: Place): { inactive: boolean; provisional: boolean } {
  if (!/^[wip]*$/.test(text)) throw fail('INVALID_VALUE', at, `flag "${text}" is not made of w, i and p`);
  return { inactive: text.includes('i'), provisional: text.includes('p') };
}

/** Text no longer than `max` characters (the column that stores it), refused with its place otherwise. */
export function boundedText(text: string, at: Place, max: number, what: string): string {
  if (text.length > max)
    throw fail('INVALID_VALUE', at, `the ${what} has ${text.length} characters, more than the ${max} allowed`);
  return text;
}

/** "Surname, Given" as FIDE writes names; without a comma the whole name is the surname. */
export function splitName(text: string, at: Place): { surname: string; givenName: string | null } {
  const comma = text.indexOf(',');
  const surname = (comma < 0 ? text : text.slice(0, comma)).trim();
  const given = comma < 0 ? '' : text.slice(comma + 1).trim();
  if (surname === '') throw fail('INVALID_VALUE', at, 'the name is missing');
  return {
    surname: boundedText(surname, at, MAX_NAME_LENGTH, 'surname'),
    givenName: given === '' ? null : boundedText(given, at, MAX_NAME_LENGTH, 'given name'),
  };
}

/** Title cells, each possibly a comma-separated list (OTit: `IA,FA`), as one list without repeats. */
export function titleList(cells: readonly { value: string; at: Place }[]): string[] {
  const titles: string[] = [];
  for (const { value, at } of cells)
    if (value !== '')
      for (const part of value.split(',')) {
        const title = part.trim();
        if (title !== '' && !titles.includes(title)) titles.push(boundedText(title, at, MAX_TITLE_LENGTH, 'title'));
      }
  return titles;
}
