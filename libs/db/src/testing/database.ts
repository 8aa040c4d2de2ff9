import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import type { LoggerOptions } from 'typeorm';
import { IN_MEMORY, type RatingsDataSource, databaseTargetFromEnv, migrate, openDatabase } from '../data-source';
import { MIGRATIONS } from '../migrations';

/** Connections per test database on a server: enough for concurrent-transaction tests, few enough for CI. */
const TEST_POOL_SIZE = 4;

export interface TestDatabase {
  readonly dataSource: RatingsDataSource;
  readonly engine: RatingsDataSource['engine'];
  /** Closes the data source and, on a server, drops the test database. */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** 'env' (default): the server in DATABASE_URL if set, else PGlite; 'pglite': PGlite in memory regardless. */
  readonly engine?: 'env' | 'pglite';
  /** TypeORM logging (default off: tests provoke errors on purpose). */
  readonly logging?: LoggerOptions;
}

/**
 * A fresh, migrated database for one test file:
 * - on the server (DATABASE_URL): a new database `ratings_test_<pid>_<random>`, dropped by `destroy()`;
 * - otherwise PGlite in memory, restored from a dump of a freshly migrated cluster (cached in the OS temp
 *   directory, keyed by the migrations' source and the PGlite version), which takes about a second instead of
 *   initdb + migrations.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const logging = options.logging ?? false;
  const target = options.engine === 'pglite' ? null : databaseTargetFromEnv();
  if (target?.engine === 'postgres') return createServerDatabase(target.url, logging);
  return createPgliteDatabase(logging);
}

async function createServerDatabase(url: string, logging: LoggerOptions): Promise<TestDatabase> {
  const name = `ratings_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const dropDatabase = () =>
    withAdminClient(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  try {
    const dataSource = await openDatabase(
      { engine: 'postgres', url: testUrl.toString(), poolSize: TEST_POOL_SIZE },
      { logging, applicationName: 'ratings-test' },
    );
    await migrate(dataSource);
    return {
      dataSource,
      engine: 'postgres',
      async destroy() {
        await dataSource.destroy();
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

async function withAdminClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const DUMP_PREFIX = 'ratings-db-pglite-';

async function createPgliteDatabase(logging: LoggerOptions): Promise<TestDatabase> {
  const dumpName = `${DUMP_PREFIX}${migratedClusterKey()}.tar`;
  const dumpFile = join(tmpdir(), dumpName);
  const dump = await readFile(dumpFile).catch(() => null);
  if (dump) {
    const dataSource = await openDatabase(
      { engine: 'pglite', dataDir: IN_MEMORY, loadDataDir: new Blob([dump]) },
      { logging },
    );
    return { dataSource, engine: 'pglite', destroy: () => dataSource.destroy() };
  }

  const dataSource = await openDatabase({ engine: 'pglite', dataDir: IN_MEMORY }, { logging });
  await migrate(dataSource);
  const tarball = Buffer.from(await (await dataSource.pglite!.dumpDataDir('none')).arrayBuffer());
  // Parallel jest workers may race to write it: each writes its own file and renames it into place atomically.
  const partial = `${dumpFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, tarball);
  await rename(partial, dumpFile);
  // Dumps of older migrations are 40 MB each and never read again.
  for (const file of await readdir(tmpdir())) {
    if (file.startsWith(DUMP_PREFIX) && file.endsWith('.tar') && file !== dumpName) {
      await rm(join(tmpdir(), file), { force: true });
    }
  }
  return { dataSource, engine: 'pglite', destroy: () => dataSource.destroy() };
}

/** Changes whenever a migration or the PGlite build changes, so a stale dump is never reused. */
function migratedClusterKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version);
  for (const migration of MIGRATIONS) hash.update(migration.name).update(migration.prototype.up.toString());
  return hash.digest('hex').slice(0, 16);
}
