import { invalidInput } from '../errors';

/**
 * A rating period is named by the month its list takes effect, as FIDE names its lists: the list
 * "2026-11" is in force from 1 November 2026 and rates the tournaments that ended in the pool's period
 * before it (October 2026 for a monthly pool, August–October for a quarterly one).
 */
export interface RatingPeriod {
  period: string;
  /** First day of the games it rates. */
  periodStart: string;
  /** Last day of the games it rates (also the cut-off date). */
  periodEnd: string;
  /** The list is in force from this day. */
  effectiveDate: string;
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function ratingPeriod(period: string, periodMonths: number): RatingPeriod {
  const match = PERIOD.exec(period);
  if (!match) throw invalidInput('period', `"${period}" is not a month written YYYY-MM`);
  const [year, month] = [Number(match[1]), Number(match[2])];
  return {
    period,
    periodStart: isoDate(new Date(Date.UTC(year, month - 1 - periodMonths, 1))),
    periodEnd: isoDate(new Date(Date.UTC(year, month - 1, 0))),
    effectiveDate: isoDate(new Date(Date.UTC(year, month - 1, 1))),
  };
}
