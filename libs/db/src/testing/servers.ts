import type { DataSource } from 'typeorm';

/**
 * The scale-out tests' servers, named by the environment (`.ci/run` sets them, from `.ci/start-replica` and
 * `.ci/start-pgbouncer`): a hot-standby replica of the DATABASE_URL server, and a PgBouncer in front of it.
 */
export const REPLICA_TEST_URL = 'REPLICA_TEST_URL';
export const PGBOUNCER_TEST_URL = 'PGBOUNCER_TEST_URL';

/**
 * `base` (a server URL from the environment) pointed at the test database of `dataSource`, or null when the
 * variable is not set: the caller skips, saying which variable is missing.
 */
export function sameDatabaseOn(variable: string, dataSource: DataSource): string | null {
  const base = process.env[variable]?.trim();
  if (!base) return null;
  const url = new URL(base);
  url.pathname = `/${String(dataSource.driver.database)}`;
  return url.toString();
}
