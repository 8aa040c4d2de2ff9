import { fail } from './errors';

/**
 * Rating periods, the platform's one copy of their arithmetic. A period is named by the month its list takes
 * effect, as FIDE names its lists: the list "2026-11" is in force from 1 November 2026 and rates the games of
 * the pool's period before it (October 2026 for a monthly pool, August–October for a quarterly one).
 */
export interface RatingPeriod {
  /** 'YYYY-MM', the month the list takes effect. */
  readonly period: string;
  /** First day of the games it rates. */
  readonly periodStart: string;
  /** Last day of the games it rates (also the cut-off date). */
  readonly periodEnd: string;
  /** The list is in force from this day. */
  readonly effectiveDate: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A month, or a day whose month is taken ('2026-10-04' → October 2026); the day itself is not checked. */
const MONTH_OF_DAY = /^(\d{4})-(0[1-9]|1[0-2])(?:-\d{2})?$/;

/** year·12 + month − 1 of a value matching `pattern`; otherwise INVALID_DATE naming `field`. */
function monthIndexOf(value: string, pattern: RegExp, field: string, expected: string): number {
  const match = pattern.exec(value);
  if (!match) fail('INVALID_DATE', field, `must be ${expected}`, value);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const monthOfIndex = (index: number) => `${Math.floor(index / 12)}-${twoDigits((index % 12) + 1)}`;
const firstDayOf = (index: number) => `${monthOfIndex(index)}-01`;
/** Day 0 of the next month is the last day of this one (leap years included). */
const lastDayOf = (index: number) =>
  `${monthOfIndex(index)}-${twoDigits(new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate())}`;

/** The dates of a period ('YYYY-MM') of a pool whose periods last `periodMonths` months. */
export function ratingPeriod(period: string, periodMonths: number, field = 'period'): RatingPeriod {
  const effective = monthIndexOf(period, MONTH, field, "a month written 'YYYY-MM'");
  return {
    period,
    periodStart: firstDayOf(effective - periodMonths),
    periodEnd: lastDayOf(effective - 1),
    effectiveDate: firstDayOf(effective),
  };
}

/** 'YYYY-MM' `months` months after (before, when negative) the month of `month` ('YYYY-MM' or 'YYYY-MM-DD'). */
export function addMonths(month: string, months: number, field = 'month'): string {
  return monthOfIndex(monthIndexOf(month, MONTH_OF_DAY, field, "a month 'YYYY-MM' or a day 'YYYY-MM-DD'") + months);
}

/** The period after `period` in a pool whose periods last `periodMonths` months. */
export const periodAfter = (period: string, periodMonths: number): string => addMonths(period, periodMonths, 'period');

/**
 * The period whose run rates a tournament that ended on `endDate` (ISO day), in a pool whose next run is
 * `next`: `next` itself when the tournament ended by its last day (late tournaments of earlier periods go
 * into the next run), else the first later period, `periodMonths` apart, whose games reach that day. A pool
 * with no period yet (`next` null) starts with the period whose list follows the month the tournament ended.
 */
export function periodRating(endDate: string, next: string | null, periodMonths: number): string {
  if (next === null) return addMonths(endDate, 1, 'endDate');
  if (endDate <= ratingPeriod(next, periodMonths).periodEnd) return next;
  const monthsAhead =
    monthIndexOf(endDate, MONTH_OF_DAY, 'endDate', "a day 'YYYY-MM-DD'") +
    1 -
    monthIndexOf(next, MONTH, 'period', "a month 'YYYY-MM'");
  return addMonths(next, Math.ceil(monthsAhead / periodMonths) * periodMonths);
}
