import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate, openDatabase, type RatingsDataSource } from '@ratings/db';

export interface BenchDatabase {
  url: string;
  dataSource: RatingsDataSource;
  drop(): Promise<void>;
}

export interface KeptBenchDatabase {
  url: string;
  dataSource: RatingsDataSource;
  close(): Promise<void>;
}

/** DATABASE_URL: benchmarks measure the production engine, a PostgreSQL server. */
function benchServerUrl(label: string): string {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      `the ${label} benchmark needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)`,
    );
  return serverUrl;
}

/**
 * The bench's databases are named `<prefix>_<label>…`: `BENCH_DATABASE_PREFIX` (default `ratings_bench`) keeps
 * them apart on a server several people share, as `PORT_RANGE` does for ports.
 */
function benchDatabaseName(label: string): string {
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? 'ratings_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error(`BENCH_DATABASE_PREFIX must be a lower-case SQL identifier, not ${JSON.stringify(prefix)}`);
  return `${prefix}_${label}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's maintenance database (to create, drop or describe databases). */
async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function openMigrated(url: string, label: string): Promise<RatingsDataSource> {
  const dataSource = await openDatabase(
    { engine: 'postgres', url, poolSize: 10 },
    { logging: false, applicationName: `bench-${label}` },
  );
  await migrate(dataSource);
  return dataSource;
}

/**
 * A fresh, migrated database on the PostgreSQL server named by DATABASE_URL, dropped afterwards:
 * `<BENCH_DATABASE_PREFIX>_<label>_<random>`, the prefix `ratings_bench` unless set (a server shared by several
 * people tells whose is whose).
 */
export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = benchServerUrl(label);
  const name = `${benchDatabaseName(label)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(serverUrl, name);
  const dataSource = await openMigrated(url, label);
  return {
    url,
    dataSource,
    async drop() {
      await dataSource.destroy();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A database kept between runs, for data that takes minutes to build: `ratings_bench_<label>` (see
 * `benchDatabaseName`) on DATABASE_URL's
 * server, migrated, then filled by `build(url)` when it is missing or its last build did not finish. A finished
 * build leaves `buildName` as the database's comment, so an interrupted one (or another `buildName`) is rebuilt
 * from an empty database. It is analyzed before use.
 */
export async function openKeptBenchDatabase(
  label: string,
  buildName: string,
  build: (url: string) => Promise<void>,
): Promise<KeptBenchDatabase> {
  const serverUrl = benchServerUrl(label);
  const name = benchDatabaseName(label);
  const url = databaseUrl(serverUrl, name);
  const comment = await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    return rows.length === 0 ? undefined : rows[0].comment;
  });
  if (comment !== buildName) {
    console.log(
      comment === undefined
        ? `  building database ${name} (${buildName}), kept for the next runs`
        : `  rebuilding database ${name}: its last build (${comment ?? 'unfinished'}) is not ${buildName}`,
    );
    await onServer(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    await (await openMigrated(url, label)).destroy();
    await build(url);
    await onServer(serverUrl, (client) =>
      client.query(`COMMENT ON DATABASE ${name} IS ${client.escapeLiteral(buildName)}`),
    );
  } else {
    console.log(`  reusing database ${name} (${buildName})`);
  }
  const dataSource = await openMigrated(url, label);
  // Measured plans are those of a server whose autovacuum has caught up with the build (CI servers and
  // PGlite run none): fresh statistics for every table.
  await dataSource.query('ANALYZE');
  return { url, dataSource, close: () => dataSource.destroy() };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${seconds(Date.now() - started)}`);
  return result;
}
