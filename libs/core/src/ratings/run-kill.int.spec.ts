import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { databaseTargetFromEnv, openDatabase, migrate, type RatingsDataSource } from '@ratings/db';
import { createTestDatabase, makePool, makeTournament, type TestDatabase } from '@ratings/db/testing';
import { systemActor } from '../common/actor';
import { runRatingPeriod } from './run-rating-period';

const ROOT = resolve(__dirname, '../../../..');
const CHILD = join(__dirname, '__fixtures__', 'run-period-child.ts');
/** Big enough that the run lasts seconds: the kill lands while it writes. */
const PLAYERS = 40_000;
const GAMES = 150_000;
/** Building the month, running and killed, then a full run again: a minute on a quiet machine, several when loaded. */
jest.setTimeout(300_000);

/** A blitz pool with one submitted tournament of GAMES games among PLAYERS players, built in SQL. */
async function buildMonth(db: DataSource): Promise<void> {
  const pool = await makePool(db, { code: 'blitz', ratingSystemId: 'elo-provisional' });
  const tournament = await makeTournament(db, {
    poolId: pool.id,
    startDate: '2026-10-03',
    endDate: '2026-10-03',
    rounds: 11,
    status: 'ACCEPTED',
  });
  await db.query(`INSERT INTO players (surname) SELECT 'Blitz' || g FROM generate_series(1, ${PLAYERS}) g`);
  const [{ first }] = await db.query(`SELECT min(id) AS first FROM players WHERE surname LIKE 'Blitz%'`);
  await db.query(
    `INSERT INTO games (tournament_id, round, board, white_player_id, black_player_id, result, played)
     SELECT $1, g % 11 + 1, g / 11 + 1, $2 + (g * 7919) % $3, $2 + ((g * 7919) % $3 + 1 + (g * 104729) % ($3 - 1)) % $3,
            (ARRAY['1-0', '0-1', '1/2-1/2'])[g % 3 + 1], true
     FROM generate_series(0::bigint, ${GAMES - 1}) g`,
    [tournament.id, first, PLAYERS],
  );
}

/** Starts the run in a child process and kills it (SIGKILL: no cleanup) once it has worked for a while. */
async function runAndKill(env: NodeJS.ProcessEnv, afterMs: number): Promise<{ finished: boolean }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@ratings/source', '-r', join(ROOT, 'swc-register.js'), CHILD, 'blitz', '2026-11'],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((ready, fail) => {
    const timer = setInterval(() => {
      if (output.includes('running')) {
        clearInterval(timer);
        ready();
      }
    }, 20);
    child.once('exit', () => {
      clearInterval(timer);
      fail(new Error(`the run exited before it started: ${output}`));
    });
  });
  await new Promise((r) => setTimeout(r, afterMs));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  return { finished: output.includes('finished') };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function listRows(db: DataSource) {
  const [row] = await db.query(
    `SELECT (SELECT count(*)::int FROM rating_lists) AS lists, (SELECT count(*)::int FROM rating_list_entries) AS entries,
            (SELECT count(*)::int FROM rating_changes) AS changes, (SELECT count(*)::int FROM rating_change_games) AS game_rows`,
  );
  return row;
}

/** The server case needs a server (DATABASE_URL, as in CI); the embedded case always runs. */
const onServer = databaseTargetFromEnv().engine === 'postgres' ? it : it.skip;

describe('a rating run killed half-way leaves no partial list', () => {
  onServer('on the PostgreSQL server (server only)', async () => {
    const test: TestDatabase = await createTestDatabase();
    try {
      await buildMonth(test.dataSource);
      const url = (test.dataSource.options as { url: string }).url;
      const { finished } = await runAndKill({ DATABASE_URL: url }, 1_500);
      expect(finished).toBe(false);
      expect(await listRows(test.dataSource)).toEqual({ lists: 0, entries: 0, changes: 0, game_rows: 0 });
      // The server notices the dead client, rolls its transaction back and releases the run lock; the next
      // run then goes through on the intact data.
      await waitFor(
        async () =>
          (
            await test.dataSource.query(
              `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            )
          )[0].n === 0,
      );
      expect(await listRows(test.dataSource)).toEqual({ lists: 0, entries: 0, changes: 0, game_rows: 0 });
      const report = await runRatingPeriod(
        test.dataSource,
        { poolCode: 'blitz', period: '2026-11' },
        systemActor('test'),
      );
      expect(report.games).toBe(GAMES);
    } finally {
      await test.destroy();
    }
  });

  it('on the embedded database (PGlite under DATA_DIR, as `npm start` uses it)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ratings-kill-'));
    try {
      let db: RatingsDataSource = await openDatabase(
        { engine: 'pglite', dataDir: join(dataDir, 'pglite') },
        { logging: false },
      );
      await migrate(db);
      await buildMonth(db);
      await db.destroy();
      const { finished } = await runAndKill({ DATABASE_URL: '', DATA_DIR: dataDir }, 2_500);
      expect(finished).toBe(false);
      db = await openDatabase({ engine: 'pglite', dataDir: join(dataDir, 'pglite') }, { logging: false });
      try {
        expect(await listRows(db)).toEqual({ lists: 0, entries: 0, changes: 0, game_rows: 0 });
        const [{ games }] = await db.query('SELECT count(*)::int AS games FROM games');
        expect(games).toBe(GAMES);
      } finally {
        await db.destroy();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
