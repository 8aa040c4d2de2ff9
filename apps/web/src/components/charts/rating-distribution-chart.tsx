'use client';

import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatCount } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { completeDistribution, type DistributionBand, type DistributionBucket } from '@/lib/rating-distribution';
import { CHART_COLORS } from './chart-colors';

export type RatingDistributionText = Dictionary['distribution'];

/**
 * How many players a list holds in each band of ratings (`DISTRIBUTION_BUCKET_SIZE` points). The bars are a picture of the table that
 * follows, so the SVG is hidden from screen readers and the table (collapsed) carries the numbers.
 */
export function RatingDistributionChart({
  buckets,
  locale,
  text,
}: {
  buckets: readonly DistributionBucket[];
  locale: Locale;
  text: RatingDistributionText;
}) {
  const bands = useMemo(() => completeDistribution(buckets), [buckets]);
  if (bands.length === 0) return <p className="notice">{text.empty}</p>;
  const rangeOf = (band: DistributionBand) => fillTemplate(text.range, { from: band.min, to: band.max });

  return (
    <figure className="chart-figure distribution-chart">
      <figcaption className="chart-figure__title">{text.caption}</figcaption>
      <div className="chart chart--distribution" aria-hidden="true">
        <BarChart
          responsive
          data={bands}
          margin={{ top: 12, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
          barCategoryGap={1}
          style={{ width: '100%', height: '100%' }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis
            dataKey="min"
            stroke={CHART_COLORS.axis}
            minTickGap={16}
            label={{ value: text.ratingAxis, position: 'insideBottom', offset: -4 }}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(count: number) => formatCount(count, locale)}
            width={56}
            stroke={CHART_COLORS.axis}
          />
          <Tooltip
            cursor={{ fill: CHART_COLORS.grid }}
            formatter={(count) => [formatCount(Number(count), locale), text.playersAxis]}
            labelFormatter={(_label, payload) => (payload[0] ? rangeOf(payload[0].payload as DistributionBand) : '')}
          />
          <Bar dataKey="count" fill={CHART_COLORS.bar} isAnimationActive={false} />
        </BarChart>
      </div>
      <details className="data-details">
        <summary>{text.showTable}</summary>
        <table className="data-table">
          <caption className="visually-hidden">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.columns.range}</th>
              <th scope="col" className="numeric">
                {text.columns.players}
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band) => (
              <tr key={band.min} data-distribution-band={band.min}>
                <th scope="row">{rangeOf(band)}</th>
                <td className="numeric">{formatCount(band.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
