import { fail, type RatingRuleErrorCode } from './errors';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  /** year·12 + month − 1: months between two dates are a subtraction. */
  readonly monthIndex: number;
}

/** Checks an ISO 'YYYY-MM-DD' date (a real calendar day); dates are inputs, never read from a clock. */
export function parseIsoDate(value: unknown, field: string): CalendarDate {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) fail('INVALID_DATE', field, "must be an ISO date 'YYYY-MM-DD'", value);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth)
    fail('INVALID_DATE', field, 'is not a calendar day', value);
  return { year, month, monthIndex: year * 12 + month - 1 };
}

/** 'YYYY-MM' of a month index (the default rating period of a date). */
export function monthKey(monthIndex: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${year}-${month < 10 ? '0' : ''}${month}`;
}

/** The month index of a 'YYYY-MM' key (monthKey's inverse); anything else fails with `code`. */
export function parseMonthKey(value: unknown, field: string, code: RatingRuleErrorCode): number {
  const match = typeof value === 'string' ? MONTH_KEY.exec(value) : null;
  if (!match) fail(code, field, "must be a month 'YYYY-MM'", value);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}
