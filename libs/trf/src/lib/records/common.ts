import { cut, right, type Field } from '../columns';
import { fideDateText, readDate, type TrfDate } from '../dates';
import { quote, TrfError, warning, type WarningSink } from '../errors';
import { formatPoints, type LineReader } from '../fields';
import type { TrfSex, TrfSourceLine } from '../types';

/** How the writer puts dates: as the file had them, or in TRF-2026's YYYY/MM/DD (when converting to TRF-2026). */
export type DateStyle = 'as-read' | 'fide';

/** What the writer needs besides the record itself. */
export interface FormatOptions {
  readonly dates: DateStyle;
}

export function dateText(date: TrfDate, options: FormatOptions): string {
  return options.dates === 'fide' ? fideDateText(date) : date.text;
}

/** Sex at column 10: `m`/`w` (TRF16, TRF-2026), `f` read as `w` with a warning (FIDE's 2005 example file writes it). */
export function readSex(reader: LineReader, field: Field, warn: WarningSink): TrfSex | null {
  const value = reader.text(field);
  switch (value) {
    case '':
      return null;
    case 'm':
    case 'M':
      return 'm';
    case 'w':
    case 'W':
      return 'w';
    case 'f':
    case 'F':
      warn(warning('NONSTANDARD_SEX', reader.line, field.from, `sex ${quote(value)} read as "w" (female)`));
      return 'w';
    default:
      warn(warning('UNKNOWN_SEX', reader.line, field.from, `sex ${quote(value)} is neither "m" nor "w"; ignored`));
      return null;
  }
}

/** A date field; an unreadable date is kept as text (iso and year null) with a warning. */
export function readDateField(reader: LineReader, field: Field, warn: WarningSink): TrfDate | null {
  const read = readDate(cut(reader.content, field.from, field.to));
  if (read === null) return null;
  if (!read.understood) {
    warn(
      warning(
        'UNREADABLE_DATE',
        reader.line,
        field.from,
        `${field.label} ${quote(read.date.text)} is not a date; kept as text`,
      ),
    );
  }
  return read.date;
}

/** Treats 0 as "none", as TRF files write an unknown rating or FIDE id. */
export function zeroAsNull(value: number | null): number | null {
  return value === 0 ? null : value;
}

/** A whole number right-aligned in `width` columns, blank for null; fails when it cannot fit. */
export function fitNumber(value: number | null, width: number, label: string): string {
  if (value === null) return right('', width);
  const text = String(value);
  if (!Number.isSafeInteger(value) || value < 0 || text.length > width) {
    throw new TrfError('INVALID_INPUT', null, null, `${label} ${text} does not fit in ${width} columns`);
  }
  return right(text, width);
}

/** The source line a record was read from. */
export function sourceOf(reader: LineReader): TrfSourceLine {
  return { line: reader.line, text: reader.content };
}

/** Points right-aligned in `width` columns ("11.5" format), blank for null; fails when they cannot fit. */
export function fitPoints(value: number | null, width: number, label: string): string {
  if (value === null) return right('', width);
  const text = formatPoints(value);
  if (!Number.isFinite(value) || text.length > width) {
    throw new TrfError('INVALID_INPUT', null, null, `${label} ${text} do not fit in ${width} columns`);
  }
  return right(text, width);
}
