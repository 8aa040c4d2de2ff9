/**
 * Chart colours: globals.css's custom properties, so the charts follow the light and dark themes (browsers
 * resolve `var()` in SVG presentation attributes). Every pair used for text or marks keeps at least 4.5:1 on
 * its theme's background.
 */
export const CHART_COLORS = {
  grid: 'var(--chart-grid)',
  axis: 'var(--chart-axis)',
  series: 'var(--chart-series)',
  accent: 'var(--color-accent)',
  surface: 'var(--color-background)',
  bar: 'var(--chart-bar)',
} as const;
