import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate, openDatabase, type RatingsDataSource } from '@ratings/db';

export interface BenchDatabase {
  url: string;
  dataSource: RatingsDataSource;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database on the PostgreSQL server named by DATABASE_URL (benchmarks measure the
 * production engine), dropped afterwards.
 */
export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      `the ${label} benchmark needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)`,
    );
  const name = `ratings_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource = await openDatabase(
    { engine: 'postgres', url: url.toString(), poolSize: 10 },
    { logging: false, applicationName: `bench-${label}` },
  );
  await migrate(dataSource);
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      await dataSource.destroy();
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${seconds(Date.now() - started)}`);
  return result;
}
