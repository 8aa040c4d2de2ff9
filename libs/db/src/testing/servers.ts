import type { DataSource } from 'typeorm';

export { isInRecovery, replayedWalPosition } from '../queries/replication';

/**
 * The scale-out tests' servers, named by the environment (`.ci/run` sets them, from `.ci/start-replica` and
 * `.ci/start-pgbouncer`): a hot-standby replica of the DATABASE_URL server, a PgBouncer in front of it, Redis.
 */
export const REPLICA_TEST_URL = 'REPLICA_TEST_URL';
export const PGBOUNCER_TEST_URL = 'PGBOUNCER_TEST_URL';
/** A Redis server for the shared quotas (tests use a key prefix of their own). */
export const REDIS_TEST_URL = 'REDIS_TEST_URL';

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
