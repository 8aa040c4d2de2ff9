import { gameRowsOf, getRatingSystem, rateEvents, RATING_SYSTEM_IDS } from '@ratings/rating-rules';
import {
  measure,
  measureAgainst,
  megabytes,
  memoryPeak,
  printTable,
  sampleMemory,
  type Measurement,
} from '../common/measure';
import type { BenchSuite } from '../common/suite';
import { syntheticPeriod } from '../common/synthetic-period';
import { eloBaseline, glicko2Baseline } from './baselines';

/** The scale: one FIDE-sized rating period. */
const PLAYERS = 200_000;
const GAMES = 1_000_000;
const SEED = 20261130;
/** Runs before measuring: V8 settles its optimised code of an engine in 3 to 5 runs (--trace-deopt). */
const WARMUPS = 5;
const REPETITIONS = 9;
/** Runs of each game-row measurement (they are not targets: fewer runs). */
const GAME_ROW_REPETITIONS = 5;
/** K of the Elo baseline (the `elo` system's default). */
const BASELINE_K = 32;
/** What the baselines give players without a rating (they have no rule for newcomers). */
const BASELINE_START = { rating: 1500, rd: 350, volatility: 0.06 };
/** τ of the Glicko-2 baseline (the glicko2 system's default). */
const BASELINE_TAU = 0.5;

/** Issue #2: games/s of each system through rateEvents (new states and change rows) as a share of its baseline's. */
const TARGETS: Readonly<Record<string, { baseline: 'elo' | 'glicko2'; ratio: number }>> = {
  elo: { baseline: 'elo', ratio: 0.8 },
  'elo-provisional': { baseline: 'elo', ratio: 0.8 },
  fqe: { baseline: 'elo', ratio: 0 }, // no target in the issue; shown against the Elo baseline
  fide: { baseline: 'elo', ratio: 0.8 },
  glicko2: { baseline: 'glicko2', ratio: 0.5 },
};

const formatRate = (ms: number) => `${(GAMES / (ms / 1000) / 1e6).toFixed(2)} M/s`;
const formatMs = (m: Measurement) =>
  `${m.medianMs.toFixed(1)} (${Math.min(...m.runsMs).toFixed(0)}–${Math.max(...m.runsMs).toFixed(0)})`;

function run(): void {
  console.log(
    `rules: ${GAMES.toLocaleString('en')} games among ${PLAYERS.toLocaleString('en')} players (one period), seed ${SEED}; ` +
      `rateEvents alternates with its system's baseline, ${REPETITIONS} pairs after ${WARMUPS} warm-ups, medians (ranges); ` +
      `then, apart, the game rows: gameRowsOf(result) (re-rates the input) and rateEvents(…, { gameRows: true }) (one pass)`,
  );
  const { players, events } = syntheticPeriod({ players: PLAYERS, games: GAMES, seed: SEED });
  const { white, black, score } = events.games;
  const orDefault = (column: Float64Array | undefined, value: number) =>
    Float64Array.from(column ?? new Float64Array(PLAYERS), (x) => (Number.isNaN(x) ? value : x));
  const startRatings = orDefault(players.rating, BASELINE_START.rating);
  const startRd = orDefault(players.rd, BASELINE_START.rd);
  const startVolatility = orDefault(players.volatility, BASELINE_START.volatility);
  sampleMemory();
  const baselines = {
    elo: {
      label: 'baseline: Float64Array Elo',
      work: () => eloBaseline(startRatings, white, black, score, BASELINE_K),
    },
    glicko2: {
      label: 'baseline: typed-array Glicko-2',
      work: () => glicko2Baseline(startRatings, startRd, startVolatility, white, black, score, BASELINE_TAU),
    },
  };

  const rows: string[][] = [];
  const gameRowRows: string[][] = [];
  const missed: string[] = [];
  for (const id of RATING_SYSTEM_IDS) {
    const system = getRatingSystem(id);
    const target = TARGETS[id] ?? { baseline: 'elo', ratio: 0 };
    const baseline = baselines[target.baseline];
    const m = measureAgainst(
      id,
      () => rateEvents(id, system.defaults, players, events),
      baseline.label,
      baseline.work,
      REPETITIONS,
      WARMUPS,
    );
    const met = m.ratio >= target.ratio;
    if (target.ratio > 0 && !met) missed.push(id);
    rows.push([
      id,
      formatMs(m.work),
      formatRate(m.work.medianMs),
      `${formatMs(m.baseline)} ${target.baseline}`,
      `${m.ratio.toFixed(2)} (${m.ratioRange.map((r) => r.toFixed(2)).join('–')})`,
      target.ratio > 0 ? `≥ ${target.ratio.toFixed(2)}` : '—',
      target.ratio > 0 ? (met ? 'met' : 'MISSED') : '',
    ]);
    // Game rows, timed apart: the database's rating run needs them, a preview does not.
    const result = rateEvents(id, system.defaults, players, events);
    const later = measure(`${id} gameRowsOf`, () => gameRowsOf(result), GAME_ROW_REPETITIONS, 1);
    const onePass = measure(
      `${id} gameRows: true`,
      () => rateEvents(id, system.defaults, players, events, { gameRows: true }),
      GAME_ROW_REPETITIONS,
      1,
    );
    gameRowRows.push([id, formatMs(later), formatMs(onePass), `${(onePass.medianMs - m.work.medianMs).toFixed(1)}`]);
  }
  console.log();
  printTable(
    [
      'rateEvents (columnar): states + change rows',
      'median ms (range)',
      'games/s',
      'baseline ms (range)',
      'ratio (range)',
      'target',
      '',
    ],
    rows,
  );
  console.log();
  printTable(
    [
      'game rows (6 numbers × 1M games)',
      'gameRowsOf(result) ms',
      'rateEvents(…, { gameRows: true }) ms',
      'its extra over rateEvents ms',
    ],
    gameRowRows,
  );
  console.log();
  console.log(
    `peak memory: rss ${megabytes(memoryPeak.rssBytes)}, heap used ${megabytes(memoryPeak.heapUsedBytes)}, ` +
      `array buffers ${megabytes(memoryPeak.arrayBuffersBytes)}`,
  );
  console.log(missed.length === 0 ? 'all targets met' : `targets missed: ${missed.join(', ')}`);
}

export const ratingRulesSuite: BenchSuite = {
  name: 'rules',
  description: 'each rating system through rateEvents on a synthetic FIDE-scale period, against typed-array baselines',
  run,
};
