import type { Client } from 'pg';
import type { StatementRunner } from './replication';

/** The channel on which API instances tell each other that data changed (their caches are then stale). */
export const CHANGES_CHANNEL = 'ratings_changes';

/**
 * Tells every session listening on CHANGES_CHANNEL that data changed, with a payload (at most 8,000 bytes,
 * PostgreSQL's limit). Outside a transaction it is delivered at once; inside one, at its commit. Works through a
 * transaction-pooling PgBouncer (only LISTEN needs a session of its own).
 */
export async function notifyChange(db: StatementRunner, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
}

/** Subscribes a dedicated session (a direct connection, never a pooled one) to CHANGES_CHANNEL. */
export async function listenForChanges(client: Client): Promise<void> {
  await client.query(`LISTEN ${CHANGES_CHANNEL}`);
}
