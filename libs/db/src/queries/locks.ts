import type { EntityManager } from 'typeorm';

/*
 * Advisory locks, all keyed here so two uses never share a key by accident. Transaction-scoped locks
 * (`pg_advisory_xact_lock`) end with the transaction of the manager; the demo seed's is a session lock.
 */

/** Namespace of the locks that keep two rating runs of one pool apart (the second key is the pool id). */
export const RUN_LOCK_NAMESPACE = 0x7261; // "ra"
/**
 * The player register is the federation's, shared by every pool, so one key serialises the imports of all
 * pools. It is the one-argument (bigint) form: PostgreSQL keeps those apart from the two-argument keys.
 */
const PLAYER_REGISTER_LOCK = 0x706c6179; // "play"
/** Held by a demo seed for its whole length, on a connection of its own. */
const DEMO_SEED_LOCK = 0x64656d6f; // "demo"

/** Takes the pool's run lock for the transaction if it is free; false when another transaction holds it. */
export async function tryLockPoolRuns(manager: EntityManager, poolId: number): Promise<boolean> {
  const [{ locked }]: { locked: boolean }[] = await manager.query(
    'SELECT pg_try_advisory_xact_lock($1, $2) AS locked',
    [RUN_LOCK_NAMESPACE, poolId],
  );
  return locked;
}

/** Namespace of the locks that serialise the refreshes of one pool's live ratings (the second key is the pool id). */
export const LIVE_RATINGS_LOCK_NAMESPACE = 0x6c69; // "li"

/**
 * Waits for, then holds until the transaction ends, the pool's live-ratings lock: two acceptances at once each
 * rebuild the pool's live ratings, and the second must see the first's tournament once it has committed.
 */
export async function lockPoolLiveRatings(manager: EntityManager, poolId: number): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [LIVE_RATINGS_LOCK_NAMESPACE, poolId]);
}

/**
 * Holds the player register for the rest of the transaction: two imports that share new players would
 * otherwise both miss them in the matching and both create them. Transaction-scoped (released at commit or
 * rollback), so it also works behind a transaction-pooling PgBouncer.
 */
export async function lockPlayerRegister(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1::bigint)', [PLAYER_REGISTER_LOCK]);
}

/**
 * Waits for, then holds until the transaction ends, the lock on one file's import into a pool (keyed by the
 * pool and the first 32 bits of the file's SHA-256), so a file imported twice at once is recognised.
 */
export async function lockFileImport(manager: EntityManager, poolId: number, sha256: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock($1, ('x' || substr($2, 1, 8))::bit(32)::int)`, [poolId, sha256]);
}

/** Takes the demo-seed session lock on the manager's connection if it is free. */
export async function tryLockDemoSeed(manager: EntityManager): Promise<boolean> {
  const [{ locked }]: { locked: boolean }[] = await manager.query('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
    DEMO_SEED_LOCK,
  ]);
  return locked;
}

export async function unlockDemoSeed(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_unlock($1::bigint)', [DEMO_SEED_LOCK]);
}
