import { runRatingPeriod, systemActor, type RunPhase } from '@ratings/core';
import { gameRowsOf, rateEvents, type EventColumns, type PlayerColumns } from '@ratings/rating-rules';
import { buildPublishedList } from '../api/rankings-data';
import { copyOut, rawClient } from '../common/copy';
import { createBenchDatabase, timed } from '../common/database';
import { printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';
import { insertMonthOfGames } from '../common/synthetic-month';
import { writeFloor } from '../common/write-floor';

const PLAYERS = 500_000;
const TOURNAMENTS = 3_000;
const GAMES = 150_000;
const POOL = 'standard';

export const ratingRunSuite: BenchSuite = {
  name: 'run',
  description: `a FIDE-scale month through runRatingPeriod (${PLAYERS.toLocaleString('en')} players, ${GAMES.toLocaleString('en')} games in ${TOURNAMENTS.toLocaleString('en')} tournaments) vs the floor: COPY in, engine, COPY out (PostgreSQL)`,
  async run() {
    const database = await createBenchDatabase('run');
    const db = database.dataSource;
    try {
      const { poolId, listId: previousListId } = await timed(
        `previous list of ${PLAYERS.toLocaleString('en')} players`,
        () => buildPublishedList(db, POOL, PLAYERS, '2026-10'),
      );
      const [{ first }] = await db.query(`SELECT min(id) AS first FROM players`);
      await timed(`${TOURNAMENTS} tournaments, ${GAMES.toLocaleString('en')} games`, () =>
        insertMonthOfGames(db, {
          poolId,
          month: '2026-10',
          tournaments: TOURNAMENTS,
          games: GAMES,
          firstPlayer: first,
          players: PLAYERS,
        }),
      );

      // --- the run, through the use case ---------------------------------------------------------------------
      const phases: Partial<Record<RunPhase, number>> = {};
      const runStarted = performance.now();
      const report = await runRatingPeriod(db, { poolCode: POOL, period: '2026-11' }, systemActor('bench'), {
        onPhase: (phase, ms) => (phases[phase] = ms),
      });
      const runMs = performance.now() - runStarted;
      console.log(
        `  run: list ${report.listId}: ${report.players.toLocaleString('en')} entries, ${report.changes.toLocaleString('en')} changes, ${report.games.toLocaleString('en')} games`,
      );

      // --- the floor: the same rows in and out with COPY, and the engine alone ------------------------------
      const client = await rawClient(db);
      try {
        const floorStarted = performance.now();
        const states = await copyOut(
          client,
          `SELECT player_id, rating, games_total, system_state FROM rating_list_entries WHERE list_id = ${previousListId}`,
        );
        const games = await copyOut(
          client,
          `SELECT g.id, g.tournament_id, g.white_player_id, g.black_player_id, g.result FROM games g JOIN tournaments t ON t.id = g.tournament_id WHERE t.status = 'ACCEPTED' AND g.played ORDER BY t.end_date, t.id, g.round, g.board`,
        );
        const copyInMs = performance.now() - floorStarted;

        // The engine alone, on columns parsed from the COPY text (the least a program can do with it).
        const engineStarted = performance.now();
        const index = new Map<number, number>();
        const rating = new Float64Array(states.length);
        const gamesTotal = new Int32Array(states.length);
        states.forEach((line, i) => {
          const [id, r, g] = line.split('\t');
          index.set(Number(id), i);
          rating[i] = r === '\\N' ? NaN : Number(r);
          gamesTotal[i] = Number(g);
        });
        const tournamentOrder = new Map<string, number>();
        const white = new Int32Array(games.length);
        const black = new Int32Array(games.length);
        const score = new Float64Array(games.length);
        const eventOf = new Int32Array(games.length);
        games.forEach((line, i) => {
          const [, tournament, w, b, result] = line.split('\t');
          if (!tournamentOrder.has(tournament)) tournamentOrder.set(tournament, tournamentOrder.size);
          eventOf[i] = tournamentOrder.get(tournament)!;
          white[i] = index.get(Number(w))!;
          black[i] = index.get(Number(b))!;
          score[i] = result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
        });
        const gameOffsets = new Int32Array(tournamentOrder.size + 1);
        for (const e of eventOf) gameOffsets[e + 1]++;
        for (let e = 0; e < tournamentOrder.size; e++) gameOffsets[e + 1] += gameOffsets[e];
        const players: PlayerColumns = {
          ids: states.map((line) => line.slice(0, line.indexOf('\t'))),
          rating,
          games: gamesTotal,
        };
        const events: EventColumns = {
          ids: [...tournamentOrder.keys()],
          dates: [...tournamentOrder.keys()].map(() => '2026-10-15'),
          periods: [...tournamentOrder.keys()].map(() => '2026-11'),
          gameOffsets,
          games: { white, black, score },
        };
        const result = rateEvents('fide', {}, players, events);
        gameRowsOf(result);
        const engineMs = performance.now() - engineStarted;

        // The same output rows the run wrote, read back (untimed), then COPYed into tables of their shape with
        // only their primary keys (the year suite's floor).
        const output = await writeFloor(db, report.listId);
        const copyOutMs = output.ms;

        const floorMs = copyInMs + engineMs + copyOutMs;
        const s = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
        console.log('');
        printTable(
          ['phase', 'runRatingPeriod', 'floor'],
          [
            ['read inputs / COPY in', s(phases.read), s(copyInMs)],
            ['rate / engine alone', s(phases.rate), s(engineMs)],
            ['write outputs / COPY out', s(phases.write), s(copyOutMs)],
            ['total', s(runMs), s(floorMs)],
          ],
        );
        console.log(
          `  rows written: ${Object.entries(output.rows)
            .map(([table, rows]) => `${table} ${rows.toLocaleString('en')}`)
            .join(', ')}`,
        );
        const ratio = runMs / floorMs;
        console.log(`\n  run / floor: ${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? 'MET' : 'NOT MET'}`);
      } finally {
        client.release();
      }
    } finally {
      await database.drop();
    }
  },
};
