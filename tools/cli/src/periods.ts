/**
 * Rating periods are named by the month their list takes effect (libs/core ratings/period.ts): the list
 * "2026-11" rates the tournaments that ended in October 2026.
 */
const MONTH = /^(\d{4})-(\d{2})/;

/** 'YYYY-MM' a number of months after (or before, when negative) the month of `date` ('YYYY-MM' or 'YYYY-MM-DD'). */
export function addMonths(date: string, months: number): string {
  const match = MONTH.exec(date);
  if (!match) throw new RangeError(`not a month: ${date}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period whose run rates a tournament that ended on `endDate` (for a monthly pool). */
export const nextPeriod = (endDate: string): string => addMonths(endDate, 1);
