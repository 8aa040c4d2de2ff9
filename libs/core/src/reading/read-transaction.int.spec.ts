import { createTestDatabase, makePlayer, type TestDatabase } from '@ratings/db/testing';
import { isInFailedTransaction, isStatementTimeout } from '../common/database';
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

  it('begins in one statement and ends in one: a public read costs two round trips besides its own', async () => {
    const probe = database.dataSource.createQueryRunner();
    const sent = jest.spyOn(Object.getPrototypeOf(probe) as { query(sql: string): Promise<unknown> }, 'query');
    await probe.release();
    try {
      const reads = new ReadTransaction(database.dataSource, 1_000);
      await reads.begin();
      await reads.manager.query(`SELECT 1`);
      await reads.end();
      expect(sent.mock.calls.map(([sql]) => sql)).toEqual([
        'START TRANSACTION READ ONLY; SET LOCAL statement_timeout = 1000',
        'SELECT 1',
        'ROLLBACK',
      ]);
    } finally {
      sent.mockRestore();
    }
  });

  it('runs concurrent reads one after the other on its connection, not queued in node-postgres', async () => {
    const reads = new ReadTransaction(database.dataSource, 1_000);
    await reads.begin();
    // The node-postgres client of the transaction: count the statements it is given while one is running.
    const client = (await reads.manager.queryRunner!.connect()) as { query: (...args: unknown[]) => Promise<unknown> };
    const query = client.query.bind(client);
    let running = 0;
    let mostAtOnce = 0;
    client.query = async (...args: unknown[]) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        return await query(...args);
      } finally {
        running--;
      }
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reads.manager.query(`SELECT $1::int AS n, txid_current() AS tx`, [i])),
    );
    await reads.end();
    expect(answers.map(([row]) => row.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(answers.map(([row]) => row.tx)).size).toBe(1);
    expect(mostAtOnce).toBe(1);
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
