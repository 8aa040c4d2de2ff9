'use client';

import { CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { ExpectancyPoint } from '@ratings/rating-rules';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatExpectedScore, formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { CHART_COLORS } from '../charts/chart-colors';

/** Ticks every 200 points of difference, and every quarter of expected score. */
const X_TICK_STEP = 200;
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The expectancy curve of the chosen model with the visitor's pairing marked. The figure's caption
 * says in words what the drawing shows, so the SVG itself is hidden from assistive technology.
 */
export function ExpectancyChart({
  curve,
  pairing,
  locale,
  text,
}: {
  curve: readonly ExpectancyPoint[];
  pairing: ExpectancyPoint;
  locale: Locale;
  text: Dictionary['calculator']['chart'];
}) {
  const first = curve[0].difference;
  const last = curve[curve.length - 1].difference;
  const xTicks = Array.from(
    { length: Math.floor((last - first) / X_TICK_STEP) + 1 },
    (_, index) => first + index * X_TICK_STEP,
  );
  // A pairing beyond the curve's span is drawn at its edge; the caption still gives the real difference.
  const x = Math.max(first, Math.min(last, pairing.difference));
  return (
    <figure className="chart-figure">
      <figcaption>
        <span className="chart-figure__title">{text.caption}</span>{' '}
        <span data-result="pairing">
          {fillTemplate(text.pairing, {
            difference: formatSigned(pairing.difference, locale),
            expected: formatExpectedScore(pairing.expected, locale),
          })}
        </span>
      </figcaption>
      <div className="chart chart--expectancy" aria-hidden="true">
        <LineChart
          responsive
          data={[...curve]}
          margin={{ top: 12, right: 16, bottom: 28, left: 8 }}
          accessibilityLayer={false}
          style={{ width: '100%', height: '100%' }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} />
          <XAxis
            dataKey="difference"
            type="number"
            domain={[first, last]}
            ticks={xTicks}
            tickFormatter={(value: number) => formatSigned(value, locale)}
            label={{ value: text.xAxis, position: 'insideBottom', offset: -16 }}
            stroke={CHART_COLORS.axis}
          />
          <YAxis
            type="number"
            domain={[0, 1]}
            ticks={Y_TICKS}
            tickFormatter={(value: number) => formatExpectedScore(value, locale)}
            width={48}
            stroke={CHART_COLORS.axis}
          />
          <ReferenceLine x={x} stroke={CHART_COLORS.accent} strokeDasharray="4 4" />
          <Line
            dataKey="expected"
            type="linear"
            stroke={CHART_COLORS.series}
            strokeWidth={2}
            dot={false}
            activeDot={false}
            isAnimationActive={false}
          />
          <ReferenceDot
            x={x}
            y={pairing.expected}
            r={7}
            fill={CHART_COLORS.accent}
            stroke={CHART_COLORS.surface}
            strokeWidth={2}
            className="expectancy-pairing"
          />
        </LineChart>
      </div>
    </figure>
  );
}
