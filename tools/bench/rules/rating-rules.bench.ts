import { getRatingSystem, rateEvents, RATING_SYSTEM_IDS, type RateEventsOptions } from '@ratings/rating-rules';
import { measureAgainst, megabytes, memoryPeak, printTable, sampleMemory } from '../shared/measure';
import type { BenchSuite } from '../shared/suite';
import { syntheticPeriod } from '../shared/synthetic-period';
import { eloBaseline, glicko2Baseline } from './baselines';

/** The scale: one FIDE-sized rating period. */
const PLAYERS = 200_000;
const GAMES = 1_000_000;
const SEED = 20261130;
const WARMUPS = 2;
const REPETITIONS = 7;
/** K of the Elo baseline (the `elo` system's default). */
const BASELINE_K = 32;
/** What the baselines give players without a rating (they have no rule for newcomers). */
const BASELINE_START = { rating: 1500, rd: 350, volatility: 0.06 };
/** τ of the Glicko-2 baseline (the glicko2 system's default). */
const BASELINE_TAU = 0.5;

/** Issue #2: games/s of each system through rateEvents as a share of its baseline's. */
const TARGETS: Readonly<Record<string, { baseline: 'elo' | 'glicko2'; ratio: number }>> = {
  elo: { baseline: 'elo', ratio: 0.8 },
  'elo-provisional': { baseline: 'elo', ratio: 0.8 },
  fqe: { baseline: 'elo', ratio: 0 }, // no target in the issue; shown against the Elo baseline
  fide: { baseline: 'elo', ratio: 0.8 },
  glicko2: { baseline: 'glicko2', ratio: 0.5 },
};

/** The two output modes: everything (game rows too), or new states and change rows only. */
const MODES: readonly { readonly name: string; readonly options: RateEventsOptions }[] = [
  { name: 'full', options: {} },
  { name: 'no game rows', options: { gameRows: false } },
];

const formatRate = (ms: number) => `${(GAMES / (ms / 1000) / 1e6).toFixed(2)} M/s`;

function run(): void {
  console.log(
    `rules: ${GAMES.toLocaleString('en')} games among ${PLAYERS.toLocaleString('en')} players (one period), seed ${SEED}; ` +
      `each system alternates with its baseline, ${REPETITIONS} pairs after ${WARMUPS} warm-ups, medians`,
  );
  const { players, events } = syntheticPeriod({ players: PLAYERS, games: GAMES, seed: SEED });
  const { white, black, score } = events.games;
  const orDefault = (column: Float64Array | undefined, value: number) => Float64Array.from(column ?? new Float64Array(PLAYERS), (x) => (Number.isNaN(x) ? value : x));
  const startRatings = orDefault(players.rating, BASELINE_START.rating);
  const startRd = orDefault(players.rd, BASELINE_START.rd);
  const startVolatility = orDefault(players.volatility, BASELINE_START.volatility);
  sampleMemory();
  const baselines = {
    elo: { label: 'baseline: Float64Array Elo', work: () => eloBaseline(startRatings, white, black, score, BASELINE_K) },
    glicko2: {
      label: 'baseline: typed-array Glicko-2',
      work: () => glicko2Baseline(startRatings, startRd, startVolatility, white, black, score, BASELINE_TAU),
    },
  };

  const rows: string[][] = [];
  const missed: string[] = [];
  for (const id of RATING_SYSTEM_IDS) {
    const system = getRatingSystem(id);
    const target = TARGETS[id] ?? { baseline: 'elo', ratio: 0 };
    const baseline = baselines[target.baseline];
    for (const mode of MODES) {
      const m = measureAgainst(
        `${id}, ${mode.name}`,
        () => rateEvents(id, system.defaults, players, events, mode.options),
        baseline.label,
        baseline.work,
        REPETITIONS,
        WARMUPS,
      );
      const met = m.ratio >= target.ratio;
      if (target.ratio > 0 && !met) missed.push(`${id} (${mode.name})`);
      rows.push([
        m.work.label,
        m.work.medianMs.toFixed(1),
        formatRate(m.work.medianMs),
        `${m.baseline.medianMs.toFixed(1)} (${target.baseline})`,
        `${m.ratio.toFixed(2)}`,
        target.ratio > 0 ? `≥ ${target.ratio.toFixed(2)}` : '—',
        target.ratio > 0 ? (met ? 'met' : 'MISSED') : '',
      ]);
    }
  }
  console.log();
  printTable(['rateEvents (columnar)', 'median ms', 'games/s', 'baseline ms', 'ratio', 'target', ''], rows);
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
