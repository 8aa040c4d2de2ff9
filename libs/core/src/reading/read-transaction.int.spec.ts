import { createTestDatabase, makePlayer, type TestDatabase } from '@ratings/db/testing';
import { isInFailedTransaction, isStatementTimeout } from '../shared/database';
import { ReadTransaction } from './read-transaction';

/** What an error thrown by `work` is, or null when it succeeds. */
const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe.each(['env', 'pglite'] as const)('ReadTransaction (%s engine)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ engine });
    await makePlayer(database.dataSource, { surname: 'Lecteur' });
  });
  afterAll(() => database?.destroy());

  it('reads in a read-only transaction with its own statement timeout, and leaves the connection as it was', async () => {
    const reads = new ReadTransaction(database.dataSource, 1_500);
    await reads.begin();
    const [settings] = await reads.manager.query(
      `SELECT current_setting('statement_timeout') AS timeout, current_setting('transaction_read_only') AS "readOnly"`,
    );
    expect(settings).toEqual({ timeout: '1500ms', readOnly: 'on' });
    expect(await reads.manager.query(`SELECT surname FROM players`)).toEqual([{ surname: 'Lecteur' }]);
    const write = await failure(reads.manager.query(`UPDATE players SET club = 'x'`));
    expect((write as { driverError?: { code?: string } }).driverError?.code).toBe('25006'); // read_only_sql_transaction
    const afterFailure = await failure(reads.manager.query(`SELECT 1`));
    expect(isInFailedTransaction(afterFailure)).toBe(true);
    await reads.end();

    // The limit ended with the transaction: the pool's connections have PostgreSQL's default (none).
    const [after] = await database.dataSource.query(`SELECT current_setting('statement_timeout') AS timeout`);
    expect(after.timeout).toBe('0');
    expect(await database.dataSource.query(`SELECT club FROM players`)).toEqual([{ club: null }]);
  });

  it('ends harmlessly when nothing was begun, and refuses a timeout that is not a whole number ≥ 1', async () => {
    const reads = new ReadTransaction(database.dataSource, 100);
    await reads.end();
    expect(() => new ReadTransaction(database.dataSource, 0)).toThrow(
      'statement timeout must be a whole number of milliseconds ≥ 1 (got 0)',
    );
  });

  // PGlite runs PostgreSQL without timers: statement_timeout is accepted there and never fires.
  (engine === 'env' && process.env.DATABASE_URL ? it : it.skip)(
    'cuts a statement that runs longer than the timeout (PostgreSQL server)',
    async () => {
      const reads = new ReadTransaction(database.dataSource, 100);
      await reads.begin();
      const started = Date.now();
      const error = await failure(reads.manager.query(`SELECT pg_sleep(5)`));
      expect(isStatementTimeout(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
      await reads.end();
    },
  );
});
