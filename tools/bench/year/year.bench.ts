import {
  changeGamesByChange,
  exportRatingList,
  playerHistory,
  poolByCode,
  publishRatingList,
  rankingPage,
  runRatingPeriod,
  systemActor,
  type RunPhase,
} from '@ratings/core';
import { buildPublishedList } from '../api/rankings-data';
import { createBenchDatabase, seconds, type BenchDatabase } from '../common/database';
import { printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';
import { insertMonthOfGames } from '../common/synthetic-month';
import { floorRows, writeFloor } from '../common/write-floor';

/** FIDE's register is about 1.6 M players and rates about 125,000 games a month. */
const FIDE_PLAYERS = 1_600_000;
const FIDE_GAMES_PER_MONTH = 125_000;
/** YEAR_BENCH_PLAYERS runs the year smaller while iterating (games scale with the players). */
const PLAYERS = Number(process.env.YEAR_BENCH_PLAYERS ?? FIDE_PLAYERS);
/** The small federation the reads are compared with, built the same way in the same run. */
const REFERENCE_PLAYERS = 40_000;
/** YEAR_BENCH_MONTHS runs fewer monthly periods (both years), e.g. a full-size register on a short run. */
const MONTHS = Number(process.env.YEAR_BENCH_MONTHS ?? 12);
/** As the `run` suite: 50 games a tournament (about 11 players, 9 rounds). */
const GAMES_PER_TOURNAMENT = 50;
const POOL = 'standard';
const WRITE_TARGET = 3;
const READ_TARGET = 1.2;
const READ_REPETITIONS = 40;
const PAGE = 100;

const gamesPerMonth = (players: number) =>
  Math.max(GAMES_PER_TOURNAMENT, Math.round((FIDE_GAMES_PER_MONTH * players) / FIDE_PLAYERS));

interface MonthFigures {
  period: string;
  phases: Partial<Record<RunPhase, number>>;
  runMs: number;
  publishMs: number;
  floorMs: number;
  rows: number;
}

interface Year {
  database: BenchDatabase;
  players: number;
  poolId: number;
  firstPlayer: number;
  lastListId: number;
  months: MonthFigures[];
}

/** 'YYYY-MM' shifted by `months`. */
function addMonths(period: string, months: number): string {
  const total = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * A pool's year: a published starting list of `players` (2025-12), then twelve monthly periods, each with its
 * tournaments and games inserted (untimed), run through runRatingPeriod, its write floor measured, and published.
 */
async function buildYear(label: string, players: number, log: boolean): Promise<Year> {
  const database = await createBenchDatabase(label);
  const db = database.dataSource;
  const ctx = systemActor('bench');
  try {
    const started = performance.now();
    const { poolId } = await buildPublishedList(db, POOL, players, '2025-12');
    const [{ first: firstPlayer }] = await db.query(`SELECT min(id)::int AS first FROM players`);
    if (log)
      console.log(
        `  starting list of ${players.toLocaleString('en')} players: ${seconds(performance.now() - started)}`,
      );
    const games = gamesPerMonth(players);
    const months: MonthFigures[] = [];
    let lastListId = 0;
    for (let m = 0; m < MONTHS; m++) {
      const period = addMonths('2026-01', m);
      await insertMonthOfGames(db, {
        poolId,
        month: addMonths(period, -1),
        tournaments: Math.ceil(games / GAMES_PER_TOURNAMENT),
        games,
        firstPlayer,
        players,
        seed: m * 1_000_003,
      });
      const phases: Partial<Record<RunPhase, number>> = {};
      const runStarted = performance.now();
      const report = await runRatingPeriod(db, { poolCode: POOL, period }, ctx, {
        onPhase: (phase, ms) => (phases[phase] = ms),
      });
      const runMs = performance.now() - runStarted;
      const floor = await writeFloor(db, report.listId);
      const publishStarted = performance.now();
      await publishRatingList(db, report.listId, ctx);
      const publishMs = performance.now() - publishStarted;
      lastListId = report.listId;
      months.push({ period, phases, runMs, publishMs, floorMs: floor.ms, rows: floorRows(floor) });
      if (log)
        console.log(
          `  ${period}: run ${seconds(runMs)} (write ${seconds(phases.write ?? NaN)}, floor ${seconds(floor.ms)}), publish ${seconds(publishMs)}`,
        );
    }
    return { database, players, poolId, firstPlayer, lastListId, months };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The reads the site makes, on one year's database; `k` picks the page and the player (never the same twice). */
function reads(year: Year) {
  const db = year.database.dataSource;
  return {
    /** A ranking page of 100 at a rank not read before (so the core's page cache never answers). */
    async ranking(k: number) {
      const pool = await poolByCode(db, POOL);
      const rows = Math.floor(year.players / 2);
      const fromRank = 1 + ((k * 7919 * PAGE) % rows);
      const page = await rankingPage(db, pool, { listId: year.lastListId }, {}, PAGE, { after: null }, fromRank);
      if (page.rows.length === 0) throw new Error(`no ranking rows from rank ${fromRank}`);
    },
    /** A player's profile: his line on each of the 13 lists, his changes and their games. */
    async profile(k: number) {
      const playerId = year.firstPlayer + ((k * 104_729) % year.players);
      const history = await playerHistory(db, playerId, year.poolId);
      if (history.points.length !== MONTHS + 1)
        throw new Error(`player ${playerId} has ${history.points.length} list points, expected ${MONTHS + 1}`);
      await changeGamesByChange(
        db,
        history.changes.map((change) => change.id),
      );
    },
    /** The whole last list exported as CSV; returns the rows. */
    async export(): Promise<number> {
      const file = await exportRatingList(db, year.lastListId, 'csv');
      let lines = 0;
      for await (const chunk of file.chunks)
        for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
      return lines - 1; // the header
    },
  };
}

export const yearSuite: BenchSuite = {
  name: 'year',
  description: `a FIDE-sized year: ${PLAYERS.toLocaleString('en')} players, ${MONTHS} monthly periods of ${gamesPerMonth(PLAYERS).toLocaleString('en')} games run and published through core, then reads vs the same reads on a ${REFERENCE_PLAYERS.toLocaleString('en')}-player year (PostgreSQL)`,
  async run() {
    if (PLAYERS !== FIDE_PLAYERS)
      console.log(
        `  YEAR_BENCH_PLAYERS=${PLAYERS}: a smaller year than FIDE's ${FIDE_PLAYERS.toLocaleString('en')} players`,
      );
    if (MONTHS !== 12) console.log(`  YEAR_BENCH_MONTHS=${MONTHS}: ${MONTHS} months instead of a year's 12`);
    const reference = await buildYear('year_reference', REFERENCE_PLAYERS, false);
    try {
      const referenceMs = reference.months.reduce((sum, m) => sum + m.runMs + m.publishMs, 0);
      console.log(
        `  reference year of ${REFERENCE_PLAYERS.toLocaleString('en')} players: runs and publications ${seconds(referenceMs)}`,
      );
      const year = await buildYear('year', PLAYERS, true);
      try {
        const db = year.database.dataSource;
        const s = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
        console.log('');
        printTable(
          [
            'period',
            'read',
            'rate',
            'write',
            'publish',
            'rows written',
            'floor: COPY, PK only',
            `write / floor (≤ ${WRITE_TARGET}×)`,
          ],
          year.months.map((m) => [
            m.period,
            s(m.phases.read),
            s(m.phases.rate),
            s(m.phases.write),
            s(m.publishMs),
            m.rows.toLocaleString('en'),
            s(m.floorMs),
            `${((m.phases.write ?? NaN) / m.floorMs).toFixed(1)}× ${(m.phases.write ?? NaN) / m.floorMs <= WRITE_TARGET ? 'MET' : 'NOT MET'}`,
          ]),
        );
        const [size] = await db.query(
          `SELECT pg_size_pretty(pg_database_size(current_database())) AS database,
                  pg_size_pretty((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('rating_list_entries'))) AS entries,
                  (SELECT count(*) FROM rating_list_entries)::bigint AS "entryRows"`,
        );
        console.log(
          `\n  database ${size.database}; rating_list_entries ${Number(size.entryRows).toLocaleString('en')} rows, ${size.entries} with its indexes`,
        );

        // Reads, alternating between the two databases so both see the same load.
        const big = reads(year);
        const small = reads(reference);
        const latencies = { ranking: [[], []], profile: [[], []] } as Record<
          'ranking' | 'profile',
          [number[], number[]]
        >;
        for (const read of ['ranking', 'profile'] as const) {
          await big[read](0);
          await small[read](0);
          for (let k = 1; k <= READ_REPETITIONS; k++) {
            latencies[read][0].push(await timeMs(() => big[read](k)));
            latencies[read][1].push(await timeMs(() => small[read](k)));
          }
        }
        const exportPerRow: [number, number] = [0, 0];
        for (const [i, side] of [big, small].entries()) {
          let rows = 0;
          const ms = await timeMs(async () => (rows = await side.export()));
          exportPerRow[i] = (ms / rows) * 1000;
        }
        const verdict = (ratio: number) => `${ratio.toFixed(2)}× ${ratio <= READ_TARGET ? 'MET' : 'NOT MET'}`;
        const ms = (value: number) => `${value.toFixed(2)} ms`;
        console.log('');
        printTable(
          [
            'read (median)',
            `${PLAYERS.toLocaleString('en')} players`,
            `${REFERENCE_PLAYERS.toLocaleString('en')} players`,
            `ratio (≤ ${READ_TARGET}×)`,
          ],
          [
            ...(['ranking', 'profile'] as const).map((read) => {
              const [a, b] = latencies[read].map(median);
              return [
                read === 'ranking' ? `ranking page of ${PAGE}` : `profile, ${MONTHS + 1} list points`,
                ms(a),
                ms(b),
                verdict(a / b),
              ];
            }),
            [
              'list export (CSV), per 1,000 rows',
              ms(exportPerRow[0]),
              ms(exportPerRow[1]),
              verdict(exportPerRow[0] / exportPerRow[1]),
            ],
          ],
        );
      } finally {
        await year.database.drop();
      }
    } finally {
      await reference.database.drop();
    }
  },
};
