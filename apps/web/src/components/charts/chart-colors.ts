/**
 * Chart colours. SVG presentation attributes cannot read CSS custom properties, so the palette of
 * globals.css is repeated here; every pair used for text or marks keeps at least 4.5:1 on white.
 */
export const CHART_COLORS = {
  grid: '#d5dae0',
  axis: '#4a4f57',
  series: '#0b5394',
  accent: '#b4410c',
  surface: '#ffffff',
  bar: '#2f6fa7',
} as const;
