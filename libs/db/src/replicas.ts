import type { Pool, PoolClient } from 'pg';
import { connectionFailure } from './errors';
import { primaryWalPosition, replayedWalPosition } from './queries/replication';

/** How often each replica's replay position (and whether it answers at all) is read. */
export const REPLICA_POLL_MS = 1_000;
/** While waiting for replicas to replay a write, how often they are asked. */
const REPLAY_WAIT_POLL_MS = 20;

/** What TypeORM's driver expects from a pool: a connection and the function that gives it back. */
type Obtained = [PoolClient, (error?: Error) => void];

/** Why a public read went to the primary. */
export type PrimaryReadReason = 'replicas down' | 'replicas behind';

/** A replica as the router last saw it (no address: `name` is its position in DATABASE_REPLICA_URLS). */
export interface ReplicaStatus {
  readonly name: string;
  readonly up: boolean;
  /** Bytes of the primary's WAL it has not replayed yet, at the last poll (null while down or unknown). */
  readonly lagBytes: number | null;
}

/** Told what the router decides, for the process's log and metrics. */
export interface ReplicaObserver {
  replicaDown?(name: string, reason: string): void;
  replicaUp?(name: string): void;
  readFromPrimary?(reason: PrimaryReadReason): void;
}

interface Replica {
  readonly name: string;
  readonly pool: Pool;
  up: boolean;
  replayed: bigint | null;
}

/**
 * Routes the reads a caller asks to run on a replica (TypeORM's `slave` query runners: the public read
 * transactions) to a hot standby that is up and has replayed every write this process must see, round robin;
 * to the primary when none has. Writes, transactions and staff reads never come here: the data source's
 * default mode is the primary.
 *
 * - A replica that cannot be reached is left out until a poll finds it answering again (one log line each way).
 * - `requirePosition(lsn)` after a write: replicas that have not replayed up to it are left out, so a
 *   just-committed change is never read as missing; `waitForReplay` waits (bounded) until they have.
 */
export class ReplicaRouter {
  private readonly replicas: Replica[];
  private required = 0n;
  private primaryPosition: bigint | null = null;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  observer: ReplicaObserver = {};

  constructor(
    private readonly primary: Pool,
    pools: readonly Pool[],
  ) {
    this.replicas = pools.map((pool, index) => ({ name: `replica-${index + 1}`, pool, up: true, replayed: null }));
  }

  start(pollMs = REPLICA_POLL_MS): void {
    const tick = () => {
      this.timer = setTimeout(() => void this.poll().finally(tick), pollMs);
      this.timer.unref();
    };
    void this.poll().finally(tick);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** From now on, replicas serve reads only once they have replayed the WAL up to `lsn`. */
  requirePosition(lsn: bigint): void {
    if (lsn > this.required) this.required = lsn;
  }

  /** The primary's WAL position now: at or past the commit of every transaction that has returned. */
  currentPrimaryPosition(): Promise<bigint> {
    return primaryWalPosition(this.primary);
  }

  /**
   * Requires `lsn` and waits until every replica that is up has replayed it, at most `timeoutMs`. True when they
   * all have; false on timeout (reads then go to the primary until they catch up).
   */
  async waitForReplay(lsn: bigint, timeoutMs: number): Promise<boolean> {
    this.requirePosition(lsn);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.poll();
      if (this.replicas.every((replica) => !replica.up || (replica.replayed ?? -1n) >= lsn)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, REPLAY_WAIT_POLL_MS));
    }
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, up, replayed }) => ({
      name,
      up,
      lagBytes:
        up && replayed !== null && this.primaryPosition !== null
          ? Math.max(0, Number(this.primaryPosition - replayed))
          : null,
    }));
  }

  /** A connection for a read: a replica that is up and caught up, else the primary (`obtainPrimary`). */
  async obtainReadConnection<P>(obtainPrimary: () => Promise<P>): Promise<Obtained | P> {
    let behind = false;
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.next++ % this.replicas.length];
      if (!replica.up) continue;
      if ((replica.replayed ?? -1n) < this.required) {
        behind = true;
        continue;
      }
      try {
        const client = await replica.pool.connect();
        return [client, (error?: Error) => client.release(error)];
      } catch (error) {
        const failure = connectionFailure(error);
        if (!failure) throw error;
        this.markDown(replica, failure.message);
      }
    }
    this.observer.readFromPrimary?.(behind ? 'replicas behind' : 'replicas down');
    return obtainPrimary();
  }

  /** Reads every replica's replay position once (concurrent callers share the round). */
  poll(): Promise<void> {
    this.polling ??= this.pollAll().finally(() => (this.polling = null));
    return this.polling;
  }

  private async pollAll(): Promise<void> {
    this.primaryPosition = await primaryWalPosition(this.primary).catch(() => this.primaryPosition);
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          replica.replayed = await replayedWalPosition(replica.pool);
          if (!replica.up) {
            replica.up = true;
            this.observer.replicaUp?.(replica.name);
          }
        } catch (error) {
          this.markDown(replica, connectionFailure(error)?.message ?? (error as Error).message);
        }
      }),
    );
  }

  private markDown(replica: Replica, reason: string): void {
    replica.replayed = null;
    if (!replica.up) return;
    replica.up = false;
    this.observer.replicaDown?.(replica.name, reason);
  }
}
