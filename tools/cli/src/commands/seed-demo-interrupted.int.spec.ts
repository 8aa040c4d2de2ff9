import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createPlayer,
  createPool,
  migrate,
  openDatabase,
  federationState,
  startDemoSeed,
  systemActor,
  whileHoldingDemoSeedLock,
  type RatingsDataSource,
} from '@ratings/core';
import { createTestDatabase, type TestDatabase } from '@ratings/core/testing';
import { EXIT_FAILED, EXIT_OK } from '../cli';
import { environmentDatabase, type DatabaseProvider } from '../database';
import { runRatings, testDatabaseProvider } from '../testing/cli-harness';

const ROOT = resolve(__dirname, '../../../..');
const MAIN = join(__dirname, '..', 'main.ts');
/** A small demo: a few seconds a month, so the kill lands with months still to go. */
const SMALL_DEMO = { seed: 5, players: 60, months: 3 };
const SMALL_DEMO_ARGS = ['--seed', '5', '--players', '60', '--months', '3'];
/** The progress line of the first month's lists published: pools, players and published lists then exist. */
const FIRST_MONTH_PUBLISHED = /^2026-09 published \(1\/3\)/m;
const cli = systemActor('cli');
/** Three small seeds (the killed one, its redo and a clean one to compare with), on a machine shared with others. */
const KILL_TEST_TIMEOUT_MS = 300_000;

/** Row counts of every table a demo fills, and the seeds' state. */
async function federationCounts(db: RatingsDataSource) {
  const [row] = await db.query(
    `SELECT (SELECT count(*)::int FROM pools) AS pools, (SELECT count(*)::int FROM players) AS players,
            (SELECT count(*)::int FROM tournaments) AS tournaments,
            (SELECT count(*)::int FROM tournament_participants) AS participants, (SELECT count(*)::int FROM games) AS games,
            (SELECT count(*)::int FROM rating_lists) AS lists,
            (SELECT count(*)::int FROM rating_lists WHERE status = 'PUBLISHED') AS published,
            (SELECT count(*)::int FROM rating_list_entries) AS entries, (SELECT count(*)::int FROM rating_changes) AS changes,
            (SELECT count(*)::int FROM rating_change_games) AS change_games, (SELECT count(*)::int FROM rating_list_diffs) AS diffs,
            (SELECT count(*)::int FROM rating_list_tournaments) AS list_tournaments,
            (SELECT count(*)::int FROM demo_seeds WHERE completed_at IS NOT NULL) AS completed_seeds,
            (SELECT count(*)::int FROM demo_seeds WHERE completed_at IS NULL) AS open_seeds`,
  );
  return row as Record<string, number>;
}

/** The current lists' top ten by id: a redone seed gets the ids of a clean one. */
const topTen = (db: RatingsDataSource) =>
  db.query(
    `SELECT e.list_id, e.player_id, e.rank, e.rating FROM rating_list_entries e
     JOIN (SELECT DISTINCT ON (pool_id) id FROM rating_lists WHERE status = 'PUBLISHED' ORDER BY pool_id, effective_date DESC, revision DESC) l
       ON l.id = e.list_id
     WHERE e.rank <= 10 ORDER BY e.list_id, e.rank, e.player_id`,
  );

/** The audit trail by action, without the one event the clean-up adds. */
const auditActions = (db: RatingsDataSource) =>
  db.query(
    `SELECT action, count(*)::int AS n FROM audit_events WHERE action <> 'removeInterruptedDemoSeed' GROUP BY action ORDER BY action`,
  );

/**
 * Where the killed seed writes: a test database on the server (DATABASE_URL), or else an embedded database in
 * a folder, since the seed runs in another process.
 */
interface KillTarget {
  readonly env: NodeJS.ProcessEnv;
  readonly provider: DatabaseProvider;
  inspect<T>(read: (db: RatingsDataSource) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

async function killTarget(): Promise<KillTarget> {
  if (process.env.DATABASE_URL) {
    const test = await createTestDatabase();
    return {
      env: { DATABASE_URL: (test.dataSource.options as { url: string }).url },
      provider: testDatabaseProvider(test),
      inspect: (read) => read(test.dataSource),
      destroy: () => test.destroy(),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'ratings-seed-kill-'));
  const open = () => openDatabase({ engine: 'pglite', dataDir: join(dataDir, 'pglite') }, { logging: false });
  const inspect = async <T>(read: (db: RatingsDataSource) => Promise<T>) => {
    const db = await open();
    try {
      return await read(db);
    } finally {
      await db.destroy();
    }
  };
  await inspect((db) => migrate(db));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    provider: environmentDatabase({ DATA_DIR: dataDir }),
    inspect,
    destroy: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** `ratings seed-demo …` in a child process, killed with SIGKILL (no clean-up) once `moment` shows in its output. */
async function seedAndKill(env: NodeJS.ProcessEnv, args: readonly string[], moment: RegExp) {
  const child = spawn(
    process.execPath,
    ['--conditions=@ratings/source', '-r', join(ROOT, 'swc-register.js'), MAIN, 'seed-demo', ...args],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
  await new Promise<void>((reached, failed) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (moment.test(output)) {
        child.kill('SIGKILL');
        reached();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', () => failed(new Error(`the seed ended before it was killed:\n${output}`)));
  });
  return { signal: await exited, output };
}

describe('an interrupted demo seed', () => {
  it(
    'killed half-way (SIGKILL) is found by `seed-demo --if-empty` and done again: the same federation as a clean seed',
    async () => {
      const target = await killTarget();
      const clean: TestDatabase = await createTestDatabase();
      try {
        const killed = await seedAndKill(target.env, SMALL_DEMO_ARGS, FIRST_MONTH_PUBLISHED);
        expect(killed.signal).toBe('SIGKILL');
        expect(killed.output).not.toContain('Demo federation ready');
        const partial = await target.inspect(federationCounts);
        expect(partial).toMatchObject({ pools: 4, completed_seeds: 0, open_seeds: 1 });
        expect(partial.published).toBeGreaterThanOrEqual(4);

        // What `npm start` runs; the options are the interrupted seed's.
        const redone = await runRatings(['seed-demo', '--if-empty'], target.provider);
        expect(redone.code).toBe(EXIT_OK);
        expect(redone.stderr).toMatch(
          /^An interrupted demo seed was found: started \d{4}-\d\d-\d\dT[\d:.]+Z \(seed 5, 60 players, 3 months\), it left 4 pools \(standard, rapid, blitz, online\), \d+ players, \d+ tournaments and \d+ rating lists\. Removing them and seeding again\.$/m,
        );
        expect(redone.stdout).toMatch(/^Demo federation ready in [\d.]+ s: 60 players/);

        const fresh = await runRatings(['seed-demo', ...SMALL_DEMO_ARGS, '--quiet'], testDatabaseProvider(clean));
        expect(fresh.code).toBe(EXIT_OK);
        const expected = await federationCounts(clean.dataSource);
        // The 60 players, the duplicate registration the demo merges along the way and the one its arbiter enters.
        expect(expected).toMatchObject({ pools: 4, players: 62, completed_seeds: 1, open_seeds: 0 });
        expect(await target.inspect(federationCounts)).toEqual(expected);
        expect(await target.inspect(topTen)).toEqual(await topTen(clean.dataSource));
        expect(await target.inspect(auditActions)).toEqual(await auditActions(clean.dataSource));
      } finally {
        await clean.destroy();
        await target.destroy();
      }
    },
    KILL_TEST_TIMEOUT_MS,
  );

  describe('found in-process', () => {
    let db: TestDatabase;
    beforeEach(async () => {
      db = await createTestDatabase();
    });
    afterEach(() => db?.destroy());

    /** A seed that created its first pool and stopped there, as a crash would leave it. */
    async function interruptedSeed() {
      const run = await startDemoSeed(db.dataSource, { ...SMALL_DEMO, months: 1 }, cli);
      await createPool(db.dataSource, { code: 'standard', name: 'Standard', ratingSystemId: 'fqe' }, run.context);
      return run;
    }

    it('is done again by plain `seed-demo` too', async () => {
      await interruptedSeed();
      const redone = await runRatings(['seed-demo', '--quiet'], testDatabaseProvider(db));
      expect(redone.code).toBe(EXIT_OK);
      expect(redone.stderr).toMatch(
        /^An interrupted demo seed was found: .* \(seed 5, 60 players, 1 month\), it left 1 pool \(standard\)\. Removing them and seeding again\.\n$/,
      );
      // The 60 players and the duplicate registration the demo's arbiter enters.
      expect(await federationCounts(db.dataSource)).toMatchObject({
        pools: 4,
        players: 61,
        completed_seeds: 1,
        open_seeds: 0,
      });
      const [{ removals }] = await db.dataSource.query(
        `SELECT count(*)::int AS removals FROM audit_events WHERE action = 'removeInterruptedDemoSeed' AND actor_label = 'cli'`,
      );
      expect(removals).toBe(1);
    });

    // PGlite's database belongs to the one process that opened it: there, no other process can be seeding.
    (process.env.DATABASE_URL ? it : it.skip)(
      'is told from a seed still running on the server: another `seed-demo` waits for it, then answers CONFLICT',
      async () => {
        let finish!: () => void;
        let started!: () => void;
        const underWay = new Promise<void>((resolve) => (started = resolve));
        const running = whileHoldingDemoSeedLock(db.dataSource, async () => {
          await interruptedSeed();
          started();
          await new Promise<void>((resolve) => (finish = resolve));
        });
        await underWay;
        const second = await runRatings(['seed-demo', '--if-empty'], testDatabaseProvider(db));
        finish();
        await running;
        expect(second).toEqual({
          code: EXIT_FAILED,
          stdout: '',
          stderr: 'ratings seed-demo: CONFLICT: another demo seed is running on this database: wait for it to finish\n',
        });
        expect((await federationState(db.dataSource)).kind).toBe('INTERRUPTED_DEMO_SEED');
        expect(await federationCounts(db.dataSource)).toMatchObject({ pools: 1, open_seeds: 1 });
      },
    );

    it('is never removed along with data the seed did not write: refused, nothing removed', async () => {
      await interruptedSeed();
      await createPlayer(db.dataSource, { surname: 'Tremblay', givenName: 'Luc' }, systemActor('api'));
      const before = await federationCounts(db.dataSource);
      const refused = await runRatings(['seed-demo', '--if-empty'], testDatabaseProvider(db));
      expect(refused.code).toBe(EXIT_FAILED);
      expect(refused.stderr).toContain(
        'ratings seed-demo: CONFLICT: the interrupted demo seed 1 is not alone in the database: 1 Player row it did not create and 1 change by others (api); nothing was removed\n',
      );
      expect(await federationCounts(db.dataSource)).toEqual(before);
      expect(before).toMatchObject({ pools: 1, players: 1, open_seeds: 1 });
    });
  });
});
