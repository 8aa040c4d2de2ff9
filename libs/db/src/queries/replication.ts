/**
 * WAL positions, as byte offsets (PostgreSQL's pg_lsn minus 0/0, as text so that no 64-bit value loses
 * precision): where the primary's WAL ends, and how far a hot standby has replayed it.
 */

/** Anything that runs one statement: a DataSource, an EntityManager or a node-postgres pool. */
export interface StatementRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

function rowsOf<R>(result: unknown): R[] {
  // node-postgres answers { rows }, TypeORM the rows themselves.
  return Array.isArray(result) ? (result as R[]) : ((result as { rows: R[] }).rows ?? []);
}

async function lsnOf(db: StatementRunner, sql: string): Promise<bigint | null> {
  const [row] = rowsOf<{ lsn: string | null }>(await db.query(sql));
  return row?.lsn == null ? null : BigInt(row.lsn);
}

/** The primary's current WAL write position: every transaction committed before this call lies below it. */
export async function primaryWalPosition(db: StatementRunner): Promise<bigint> {
  const lsn = await lsnOf(db, "SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS lsn");
  if (lsn === null) throw new Error('the primary reported no WAL position');
  return lsn;
}

/** How far a standby has replayed the primary's WAL (null on a server that is not a standby). */
export async function replayedWalPosition(db: StatementRunner): Promise<bigint | null> {
  return lsnOf(db, "SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text AS lsn");
}

/** Whether the connection's server is a standby in recovery (the routing tests ask each connection). */
export async function isInRecovery(db: StatementRunner): Promise<boolean> {
  const [row] = rowsOf<{ inRecovery: boolean }>(await db.query('SELECT pg_is_in_recovery() AS "inRecovery"'));
  return row?.inRecovery === true;
}
