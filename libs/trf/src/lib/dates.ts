/**
 * A date as a TRF wrote it. FIDE asks for YYYY/MM/DD (TRF-2026 tags 042/052 and the birth date at 70-79)
 * and YY/MM/DD for round dates (132), but real files write `28. 07. 2005`, `24/09/2010`, `1969.12.06`,
 * a bare year (`1978`), a year with zero month and day (`1987/00/00`), or `May 10, 2020` (lichess.org).
 */
export interface TrfDate {
  /** Exactly what the file held (trimmed); the writer keeps it unless the document is converted to TRF-2026. */
  readonly text: string;
  /** 'YYYY-MM-DD' when the text is a full calendar date. */
  readonly iso: string | null;
  /** The year, also when only the year is known. */
  readonly year: number | null;
}

interface ReadDate {
  readonly date: TrfDate;
  /** False when the text is neither a date nor a year this reader understands. */
  readonly understood: boolean;
}

/**
 * A two-digit round-date year is placed in the century nearest the tournament's start year; without a
 * start date, nearest this year (so 50-99 read as 1950-1999, 00-49 as 2000-2049).
 */
export const TWO_DIGIT_YEAR_PIVOT = 2000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const YEAR_ONLY = /^(\d{4})$/;
const YEAR_FIRST = /^(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/;
const TWO_DIGIT_YEAR_FIRST = /^(\d{2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})$/;
const MONTH_NAME_FIRST = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const DAY_MONTH_NAME = /^(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/;

/** Reads a date field; null when blank. `pivotYear` is given for the YY/MM/DD round dates of tag 132. */
export function readDate(text: string, pivotYear?: number): ReadDate | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = dateParts(trimmed, pivotYear);
  if (parts === null) return { date: { text: trimmed, iso: null, year: null }, understood: false };
  const [year, month, day] = parts;
  if (month === 0 && day === 0) return { date: { text: trimmed, iso: null, year }, understood: true };
  if (!isCalendarDay(year, month, day)) return { date: { text: trimmed, iso: null, year }, understood: false };
  return { date: { text: trimmed, iso: isoDate(year, month, day), year }, understood: true };
}

/** [year, month, day]; month and day are 0 when only the year is known. */
function dateParts(text: string, pivotYear: number | undefined): [number, number, number] | null {
  let match = YEAR_ONLY.exec(text);
  if (match) return [Number(match[1]), 0, 0];
  match = YEAR_FIRST.exec(text);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  match = DAY_FIRST.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    // FIDE's own example files are day-first (`28. 07. 2005`); only a "month" above 12 shows a US month-first date.
    return second > 12 && first <= 12 ? [Number(match[3]), first, second] : [Number(match[3]), second, first];
  }
  match = pivotYear === undefined ? null : TWO_DIGIT_YEAR_FIRST.exec(text);
  if (match && pivotYear !== undefined)
    return [fullYear(Number(match[1]), pivotYear), Number(match[2]), Number(match[3])];
  match = MONTH_NAME_FIRST.exec(text);
  if (match) return withMonthName(match[1], Number(match[2]), Number(match[3]));
  match = DAY_MONTH_NAME.exec(text);
  if (match) return withMonthName(match[2], Number(match[1]), Number(match[3]));
  return null;
}

function withMonthName(name: string, day: number, year: number): [number, number, number] | null {
  const lower = name.toLowerCase();
  const month = MONTHS.indexOf(lower.slice(0, 3)) + 1;
  if (month === 0 || !MONTH_NAMES[month - 1].startsWith(lower)) return null;
  return [year, month, day];
}

function fullYear(twoDigits: number, pivotYear: number): number {
  const century = Math.floor(pivotYear / 100) * 100;
  const candidates = [century - 100, century, century + 100].map((base) => base + twoDigits);
  return candidates.reduce((best, year) => (Math.abs(year - pivotYear) < Math.abs(best - pivotYear) ? year : best));
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1];
  return day <= days;
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** A TrfDate from an ISO 'YYYY-MM-DD' date or a bare 'YYYY' year, written the way TRF-2026 asks. */
export function dateFromIso(value: string): TrfDate | null {
  const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (full) {
    const [year, month, day] = [Number(full[1]), Number(full[2]), Number(full[3])];
    if (!isCalendarDay(year, month, day)) return null;
    return { text: `${full[1]}/${full[2]}/${full[3]}`, iso: value, year };
  }
  if (YEAR_ONLY.test(value)) return { text: `${value}/00/00`, iso: null, year: Number(value) };
  return null;
}

/** A date in TRF-2026's form: YYYY/MM/DD, YYYY/00/00 for a bare year, the original text otherwise. */
export function fideDateText(date: TrfDate): string {
  if (date.iso !== null) return date.iso.replaceAll('-', '/');
  if (date.year !== null) return `${String(date.year).padStart(4, '0')}/00/00`;
  return date.text;
}

/** A round date in tag 132's form, YY/MM/DD, or the original text when it is not a full date. */
export function roundDateText(date: TrfDate): string {
  return date.iso === null ? date.text : date.iso.slice(2).replaceAll('-', '/');
}
