'use client';

import Link from 'next/link';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  CartesianGrid,
  DefaultZIndexes,
  Line,
  LineChart,
  useXAxisScale,
  useYAxisScale,
  XAxis,
  YAxis,
  ZIndexLayer,
} from 'recharts';
import { formatRating } from '@ratings/rating-rules';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatDate, formatMonth, formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import {
  ratingAxisDomain,
  ratingAxisTicks,
  timeAxisDomain,
  toChartPoints,
  type ChartPoint,
  type HistoryPoint,
} from '@/lib/rating-history';
import { CHART_COLORS } from './chart-colors';

export type RatingHistoryText = Dictionary['ratingHistory'];

const DOT_RADIUS = 5;
const ACTIVE_DOT_RADIUS = 8;

/** Arrow keys move between lists, Home and End jump to the first and the latest. */
function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, current - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(count - 1, current + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A player's rating over the published lists. Each list is one dot (`data-history-point`); hovering
 * a dot, or focusing it and moving with the arrow keys (one tab stop for the whole series), shows the
 * list's date, rating and the tournaments behind the change below the chart. A table of the same data
 * follows for screen readers and small screens.
 */
export function RatingHistoryChart({
  points,
  locale,
  text,
}: {
  points: readonly HistoryPoint[];
  locale: Locale;
  text: RatingHistoryText;
}) {
  const chartPoints = useMemo(() => toChartPoints(points), [points]);
  const [activeIndex, setActiveIndex] = useState(chartPoints.length - 1);
  const [keyboardMoved, setKeyboardMoved] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const detailsId = useId();

  // Roving focus: after an arrow key, move focus to the dot that became active.
  useEffect(() => {
    if (!keyboardMoved) return;
    containerRef.current?.querySelector<SVGElement>(`[data-history-point="${activeIndex}"]`)?.focus();
    setKeyboardMoved(false);
  }, [activeIndex, keyboardMoved]);

  if (chartPoints.length === 0) return <p className="notice">{text.empty}</p>;

  const active = chartPoints[Math.min(activeIndex, chartPoints.length - 1)];
  const ratingDomain = ratingAxisDomain(chartPoints);
  const describe = (point: ChartPoint) =>
    fillTemplate(text.pointLabel, {
      list: point.listLabel,
      date: formatDate(point.date, locale),
      rating: formatRating(point.rating, point.provisional),
    });

  const onKeyDown = (event: KeyboardEvent<SVGElement>) => {
    const target = nextIndex(event.key, activeIndex, chartPoints.length);
    if (target === null) return;
    event.preventDefault();
    setActiveIndex(target);
    setKeyboardMoved(true);
  };

  return (
    <figure className="chart-figure history-chart">
      <figcaption>
        <span className="chart-figure__title">{text.caption}</span> <span className="field-hint">{text.hint}</span>
      </figcaption>
      <div className="chart chart--history" ref={containerRef}>
        <LineChart
          responsive
          data={chartPoints}
          margin={{ top: 12, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
          style={{ width: '100%', height: '100%' }}
          onMouseMove={(state) => {
            if (typeof state.activeTooltipIndex === 'number') setActiveIndex(state.activeTooltipIndex);
          }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={timeAxisDomain(chartPoints)}
            tickFormatter={(time: number) => formatMonth(time, locale)}
            stroke={CHART_COLORS.axis}
            minTickGap={24}
          />
          <YAxis
            type="number"
            domain={ratingDomain}
            ticks={ratingAxisTicks(ratingDomain)}
            allowDecimals={false}
            tickFormatter={(rating: number) => formatRating(rating, false)}
            width={52}
            stroke={CHART_COLORS.axis}
          />
          <Line
            dataKey="rating"
            type="linear"
            stroke={CHART_COLORS.series}
            strokeWidth={2}
            dot={false}
            activeDot={false}
            isAnimationActive={false}
          />
          <HistoryDots
            points={chartPoints}
            activeIndex={activeIndex}
            describe={describe}
            detailsId={detailsId}
            onActivate={setActiveIndex}
            onKeyDown={onKeyDown}
          />
        </LineChart>
      </div>

      <div id={detailsId} className="history-details" data-history-details={activeIndex}>
        <p className="history-details__title">
          <strong>{active.listLabel}</strong> · {fillTemplate(text.listOf, { date: formatDate(active.date, locale) })}
        </p>
        <dl className="history-details__figures">
          <div>
            <dt>{text.rating}</dt>
            <dd>
              <strong data-history-rating>{formatRating(active.rating, active.provisional)}</strong>
              {active.provisional && <> ({text.provisional})</>}
            </dd>
          </div>
          <div>
            <dt>{text.change}</dt>
            <dd>{active.change === null ? text.firstRating : formatSigned(active.change, locale)}</dd>
          </div>
        </dl>
        {active.tournaments.length > 0 ? (
          <>
            <p className="history-details__subtitle">{text.tournaments}</p>
            <ul className="history-details__tournaments">
              {active.tournaments.map((tournament, index) => (
                <li key={index}>
                  {tournament.href ? <Link href={tournament.href}>{tournament.name}</Link> : tournament.name}
                  {tournament.change !== null && (
                    <>
                      {' '}
                      <span className="history-details__change">{formatSigned(tournament.change, locale)}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{text.noTournaments}</p>
        )}
      </div>

      <details className="data-details">
        <summary>{text.showTable}</summary>
        <table className="data-table">
          <caption className="visually-hidden">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.columns.list}</th>
              <th scope="col">{text.columns.date}</th>
              <th scope="col">{text.columns.rating}</th>
              <th scope="col">{text.columns.tournaments}</th>
            </tr>
          </thead>
          <tbody>
            {chartPoints.map((point, index) => (
              <tr key={index}>
                <th scope="row">{point.listLabel}</th>
                <td>{formatDate(point.date, locale)}</td>
                <td>{formatRating(point.rating, point.provisional)}</td>
                <td>
                  {point.tournaments
                    .map((tournament) =>
                      tournament.change === null
                        ? tournament.name
                        : `${tournament.name} (${formatSigned(tournament.change, locale)})`,
                    )
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The dots, drawn by this component rather than by `<Line dot>` so React keeps the same elements
 * across renders (recharts re-creates its own dots on every change, which would drop the focus).
 */
function HistoryDots({
  points,
  activeIndex,
  describe,
  detailsId,
  onActivate,
  onKeyDown,
}: {
  points: readonly ChartPoint[];
  activeIndex: number;
  describe: (point: ChartPoint) => string;
  detailsId: string;
  onActivate: (index: number) => void;
  onKeyDown: (event: KeyboardEvent<SVGElement>) => void;
}) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  if (!xScale || !yScale) return null;
  // Above the line (recharts draws series in z-index layers), or the line would take the pointer.
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.scatter}>
      <g className="history-dots">
        {points.map((point, index) => {
          const isActive = index === activeIndex;
          return (
            <circle
              key={index}
              cx={xScale(point.time)}
              cy={yScale(point.rating)}
              r={isActive ? ACTIVE_DOT_RADIUS : DOT_RADIUS}
              data-history-point={index}
              data-provisional={point.provisional ? 'true' : undefined}
              className={isActive ? 'history-dot history-dot--active' : 'history-dot'}
              fill={point.provisional ? CHART_COLORS.surface : CHART_COLORS.series}
              stroke={CHART_COLORS.series}
              strokeWidth={2}
              role="button"
              tabIndex={isActive ? 0 : -1}
              aria-label={describe(point)}
              aria-controls={detailsId}
              onFocus={() => onActivate(index)}
              onMouseEnter={() => onActivate(index)}
              onClick={() => onActivate(index)}
              onKeyDown={onKeyDown}
            />
          );
        })}
      </g>
    </ZIndexLayer>
  );
}
