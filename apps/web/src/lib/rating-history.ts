import { parseIsoDate } from '@/i18n/format';

/**
 * Shaping a player's history for the chart: one point per published list, in date order, with the
 * change from the previous list and axis bounds that keep the line readable.
 */

/** What a player profile passes to the history chart (JSON-serialisable: dates are ISO strings). */
export interface HistoryPoint {
  /** The list's effective date, ISO (`2024-03-01`). */
  date: string;
  rating: number;
  provisional: boolean;
  /** The list's name as the federation publishes it (`Mars 2024`). */
  listLabel: string;
  /** The rated tournaments behind this list's change (`change` null where the system rates per period), linked when `href` is given. */
  tournaments: { name: string; change: number | null; href?: string }[];
}

export interface ChartPoint extends HistoryPoint {
  /** Milliseconds since the epoch: the chart's time axis. */
  time: number;
  /** Rating minus the previous list's rating; `null` on the first list. */
  change: number | null;
}

/** Rating axis bounds fall on multiples of this, with at least this much room around the line. */
export const RATING_AXIS_STEP = 50;
/** With a single list the time axis spans this much either side of it, so the point is not on an edge. */
export const SINGLE_POINT_TIME_PADDING_MS = 15 * 24 * 3600 * 1000;

function timeOf(date: string): number {
  try {
    return parseIsoDate(date).getTime();
  } catch {
    throw new RangeError(`History point has an invalid date: "${date}"`);
  }
}

export function toChartPoints(points: readonly HistoryPoint[]): ChartPoint[] {
  const sorted = points.map((point) => ({ ...point, time: timeOf(point.date) })).sort((a, b) => a.time - b.time);
  return sorted.map((point, index) => ({
    ...point,
    change: index === 0 ? null : point.rating - sorted[index - 1].rating,
  }));
}

/** `[lowest, highest]` rounded outwards to the step, never below 0 (no rating is). */
export function ratingAxisDomain(points: readonly { rating: number }[], step = RATING_AXIS_STEP): [number, number] {
  if (points.length === 0) throw new RangeError('ratingAxisDomain needs at least one point');
  const ratings = points.map((point) => point.rating);
  const low = Math.floor(Math.min(...ratings) / step) * step - step;
  const high = Math.ceil(Math.max(...ratings) / step) * step + step;
  return [Math.max(0, low), high];
}

/** Round tick intervals for the rating axis, and how many intervals fit its height. */
const RATING_TICK_STEPS = [50, 100, 200, 250, 500, 1000];
const MAX_RATING_TICK_INTERVALS = 6;

/** Ticks on round ratings (1400, 1500 …), as few as keep at most six intervals. */
export function ratingAxisTicks([low, high]: [number, number]): number[] {
  const step =
    RATING_TICK_STEPS.find((candidate) => (high - low) / candidate <= MAX_RATING_TICK_INTERVALS) ??
    RATING_TICK_STEPS[RATING_TICK_STEPS.length - 1];
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) ticks.push(tick);
  return ticks;
}

export function timeAxisDomain(points: readonly { time: number }[]): [number, number] {
  if (points.length === 0) throw new RangeError('timeAxisDomain needs at least one point');
  const first = points[0].time;
  const last = points[points.length - 1].time;
  return first === last ? [first - SINGLE_POINT_TIME_PADDING_MS, last + SINGLE_POINT_TIME_PADDING_MS] : [first, last];
}
