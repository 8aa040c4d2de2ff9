import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './data-source';
import { DataDirLockedError } from './errors';
import { startDatabaseHolder, type TypeScriptProcess } from './testing';

/** The lock file of the embedded database in `<DATA_DIR>/pglite`. */
const lockFileOf = (dataDir: string) => join(dataDir, 'pglite.lock');
const readLock = (dataDir: string) => JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'));

/** Each test starts processes that open PGlite, seconds each on a loaded machine. */
jest.setTimeout(120_000);

describe('the embedded database is opened by one process at a time', () => {
  let dataDir: string;
  let holder: TypeScriptProcess | undefined;
  const target = () => ({ engine: 'pglite' as const, dataDir: join(dataDir, 'pglite') });
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ratings-lock-'));
    // initdb once (tens of seconds in WebAssembly under load); later opens of the cluster take about a second.
    await (await openDatabase(target(), { logging: false })).destroy();
  });
  afterEach(async () => {
    holder?.child.kill('SIGKILL');
    await holder?.exited;
    holder = undefined;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second process, naming the holder, and takes over the lock of a holder killed with -9', async () => {
    const before = Date.now();
    holder = startDatabaseHolder(dataDir, 'ratings-api');
    await holder.waitFor(/holding/);
    expect(readLock(dataDir)).toEqual({ pid: holder.pid, program: 'ratings-api', since: expect.any(String) });
    const since = readLock(dataDir).since;
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before - 1_000);

    // From this process…
    const refusal = await openDatabase(target(), { logging: false, applicationName: 'ratings-cli' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect(refusal).toMatchObject({
      dataDir: join(dataDir, 'pglite'),
      lockFile: lockFileOf(dataDir),
      holder: { pid: holder.pid, program: 'ratings-api', since },
    });
    expect((refusal as Error).message).toBe(
      `the embedded database in ${join(dataDir, 'pglite')} is in use by ratings-api (pid ${holder.pid}, since ${since}); ` +
        'it serves one process at a time: stop that process and try again, or set DATABASE_URL to use a PostgreSQL server ' +
        `(if no process ${holder.pid} is running, delete ${lockFileOf(dataDir)})`,
    );
    // …and from another one.
    const second = await startDatabaseHolder(dataDir, 'ratings-cli').exited;
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`${(refusal as Error).message}\n`);
    expect(readLock(dataDir).pid).toBe(holder.pid);

    // kill -9: no cleanup runs, the lock file stays and names a dead process.
    holder.child.kill('SIGKILL');
    expect((await holder.exited).signal).toBe('SIGKILL');
    expect(readLock(dataDir).pid).toBe(holder.pid);

    const db = await openDatabase(target(), { logging: false, applicationName: 'ratings-cli' });
    try {
      expect(readLock(dataDir)).toEqual({ pid: process.pid, program: 'ratings-cli', since: expect.any(String) });
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // Twice in one process is two PGlite instances on one directory: refused as well.
      await expect(openDatabase(target(), { logging: false })).rejects.toThrow(
        `is in use by ratings-cli (pid ${process.pid}`,
      );
    } finally {
      await db.destroy();
    }
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('is released when the holder exits without closing the database', async () => {
    holder = startDatabaseHolder(dataDir, 'ratings-api');
    await holder.waitFor(/holding/);
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    holder.child.kill('SIGTERM');
    expect((await holder.exited).code).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('takes over a lock file that names no process', async () => {
    writeFileSync(lockFileOf(dataDir), 'half-written');
    const db = await openDatabase(target(), { logging: false, applicationName: 'ratings-cli' });
    try {
      expect(readLock(dataDir)).toMatchObject({ pid: process.pid, program: 'ratings-cli' });
    } finally {
      await db.destroy();
    }
  });
});
