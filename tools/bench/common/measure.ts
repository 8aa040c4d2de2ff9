/** Timing helpers shared by the benchmark suites: warm-up, repetitions, median, peak memory. */

export interface Measurement {
  readonly label: string;
  readonly medianMs: number;
  readonly runsMs: readonly number[];
}

export interface MemoryPeak {
  rssBytes: number;
  heapUsedBytes: number;
  arrayBuffersBytes: number;
}

export const memoryPeak: MemoryPeak = { rssBytes: 0, heapUsedBytes: 0, arrayBuffersBytes: 0 };

export function sampleMemory(): void {
  const usage = process.memoryUsage();
  memoryPeak.rssBytes = Math.max(memoryPeak.rssBytes, usage.rss);
  memoryPeak.heapUsedBytes = Math.max(memoryPeak.heapUsedBytes, usage.heapUsed);
  memoryPeak.arrayBuffersBytes = Math.max(memoryPeak.arrayBuffersBytes, usage.arrayBuffers);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One run of `work` in milliseconds. */
function timeOnce<T>(work: () => T): { ms: number; result: T } {
  const started = process.hrtime.bigint();
  const result = work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

export interface PairedMeasurement {
  readonly work: Measurement;
  readonly baseline: Measurement;
  /** Median over the repetitions of baselineMs / workMs (games/s of the work as a share of the baseline's). */
  readonly ratio: number;
  /** Lowest and highest per-pair ratio. */
  readonly ratioRange: readonly [number, number];
}

/** `work` alone: median of `repetitions` runs after `warmups`. */
export function measure<T>(label: string, work: () => T, repetitions: number, warmups: number): Measurement {
  for (let i = 0; i < warmups; i++) timeOnce(work);
  const runsMs: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    const w = timeOnce(work);
    if (w.result === undefined) throw new Error(`${label}: the measured work returned nothing`);
    runsMs.push(w.ms);
    sampleMemory();
  }
  return { label, medianMs: median(runsMs), runsMs };
}

/**
 * Measures `work` against `baseline` in alternation, so both see the same load on a shared machine:
 * each repetition times the baseline then the work, and the ratio is the median of the per-pair ratios.
 */
export function measureAgainst<T, B>(
  label: string,
  work: () => T,
  baselineLabel: string,
  baseline: () => B,
  repetitions: number,
  warmups: number,
): PairedMeasurement {
  for (let i = 0; i < warmups; i++) {
    timeOnce(baseline);
    timeOnce(work);
  }
  const workMs: number[] = [];
  const baselineMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    const b = timeOnce(baseline);
    const w = timeOnce(work);
    if (w.result === undefined || b.result === undefined)
      throw new Error(`${label}: the measured work returned nothing`);
    baselineMs.push(b.ms);
    workMs.push(w.ms);
    ratios.push(b.ms / w.ms);
    sampleMemory();
  }
  return {
    work: { label, medianMs: median(workMs), runsMs: workMs },
    baseline: { label: baselineLabel, medianMs: median(baselineMs), runsMs: baselineMs },
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
  };
}

export const megabytes = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;

/** Prints rows as an aligned text table. */
export function printTable(headers: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
