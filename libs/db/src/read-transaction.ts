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
    const query = this.runner.query.bind(this.runner);
    let previous: Promise<unknown> = Promise.resolve();
    this.runner.query = ((...args: Parameters<QueryRunner['query']>) => {
      if (this.beginError !== null) return Promise.reject(this.beginError);
      const next = previous.then(() => query(...args));
      previous = next.catch(() => undefined);
      return next;
    }) as QueryRunner['query'];
  }

  async begin(): Promise<void> {
    try {
      await this.runner.startTransaction();
      // One round trip; SET takes no bind parameters, and the value is a checked whole number.
      await this.runner.query(`SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${this.statementTimeoutMs}`);
    } catch (error) {
      this.beginError = error;
      throw error;
    }
  }

  /** Rolls back (reads have nothing to commit, and an aborted transaction cannot commit) and releases. */
  async end(): Promise<void> {
    try {
      if (this.runner.isTransactionActive) await this.runner.rollbackTransaction();
    } finally {
      if (!this.runner.isReleased) await this.runner.release();
    }
  }
}
