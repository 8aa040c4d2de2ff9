import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * The reads of one public request, in one READ ONLY transaction whose statements PostgreSQL cancels after
 * `statementTimeoutMs` (they then fail with `isStatementTimeout`). The limit is set with `SET LOCAL`: it ends
 * with the transaction, so the connection goes back to the pool as it came (a transaction-pooling PgBouncer
 * may hand it to anyone next), and work outside the transaction (staff writes, rating runs, imports) is never
 * cut by it. PGlite accepts the setting but has no timers: there, nothing is cut.
 *
 * No connection is taken before `begin()`; `end()` gives it back, and is harmless when nothing was begun.
 */
export class ReadTransaction {
  /** Where the reads go: every statement made through it runs in the transaction. */
  readonly manager: EntityManager;
  private readonly runner: QueryRunner;
  /** Why begin() failed: every statement then fails with it at once, rather than wait for a connection again. */
  private beginError: unknown = null;
  /** A connection is held and the transaction may be open on it (begun outside TypeORM's bookkeeping). */
  private open = false;
  /** The runner's own query (the reads go through `inLine`). */
  private readonly send: QueryRunner['query'];
  /** The statement last put in line: the next one waits for it to settle. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(
    db: DataSource,
    readonly statementTimeoutMs: number,
  ) {
    if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 1)
      throw new RangeError(`statement timeout must be a whole number of milliseconds ≥ 1 (got ${statementTimeoutMs})`);
    // Read-only and public: a replica may serve it (the data source's ReplicaRouter), the primary otherwise.
    this.runner = db.createQueryRunner('slave');
    this.manager = this.runner.manager;
    // One connection runs one statement at a time, and resolvers ask concurrently: node-postgres would queue
    // them itself but deprecates it (removed in pg 9), so they wait in line here.
    this.send = this.runner.query.bind(this.runner);
    this.runner.query = ((...args: Parameters<QueryRunner['query']>) =>
      this.beginError !== null
        ? Promise.reject(this.beginError)
        : this.inLine(() => this.send(...args))) as QueryRunner['query'];
  }

  private inLine<T>(statement: () => Promise<T>): Promise<T> {
    const next = this.previous.then(statement);
    this.previous = next.catch(() => undefined);
    return next;
  }

  async begin(): Promise<void> {
    try {
      // A failure to get a connection (an outage, a saturated pool) leaves nothing to roll back.
      await this.runner.connect();
      this.open = true;
      // One round trip for both (a statement costs this API more in its socket write than in PostgreSQL), hence
      // not TypeORM's startTransaction(). SET takes no bind parameters; the value is a checked whole number.
      await this.send(`START TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${this.statementTimeoutMs}`);
    } catch (error) {
      this.beginError = error;
      throw error;
    }
  }

  /** Rolls back (reads have nothing to commit, and an aborted transaction cannot commit) and releases. */
  async end(): Promise<void> {
    try {
      if (this.open) {
        this.open = false;
        // Sent even when begin() failed once connected: the START may have run, and a connection must not go
        // back to the pool inside a transaction. Without one, PostgreSQL only warns.
        await this.inLine(() => this.send('ROLLBACK'));
      }
    } finally {
      if (!this.runner.isReleased) await this.runner.release();
    }
  }
}
