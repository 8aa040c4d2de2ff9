import net from 'node:net';
import { Client, Pool } from 'pg';
import { openDatabase } from './data-source';
import { connectionFailure, isPoolExhausted } from './errors';
import { createTestDatabase, makePool, type TestDatabase } from './testing';

/** A port on which nothing listens: one the system just handed out, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the driver really throws, never a hand-made imitation. */
const failureOf = (work: Promise<unknown>) => work.then(() => 'no error', connectionFailure);

describe('connectionFailure: the driver errors of an unreachable database', () => {
  it('recognises a refused connection, from node-postgres and through TypeORM, by one address or several', async () => {
    const port = await closedPort();
    expect(await failureOf(new Client({ host: '127.0.0.1', port }).connect())).toEqual({
      code: 'ECONNREFUSED',
      message: `connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    expect(
      await failureOf(openDatabase({ engine: 'postgres', url: `postgres://x@127.0.0.1:${port}/x`, poolSize: 1 })),
    ).toEqual({ code: 'ECONNREFUSED', message: `connect ECONNREFUSED 127.0.0.1:${port}` });
    // "localhost" is ::1 and 127.0.0.1: an AggregateError whose own message is empty.
    expect(await failureOf(new Client({ host: 'localhost', port }).connect())).toEqual({
      code: 'ECONNREFUSED',
      message: expect.stringMatching(new RegExp(`^connect ECONNREFUSED (::1|127\\.0\\.0\\.1):${port}$`)),
    });
  });

  it('recognises a connection the other end drops', async () => {
    const upstream = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = upstream.address() as net.AddressInfo;
      expect(await failureOf(new Client({ host: '127.0.0.1', port }).connect())).toEqual({
        code: null,
        message: 'Connection terminated unexpectedly',
      });
    } finally {
      upstream.close();
    }
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'recognises a backend the server terminates (57P01), through TypeORM',
    async () => {
      const db: TestDatabase = await createTestDatabase();
      try {
        const runner = db.dataSource.createQueryRunner();
        const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid');
        const sleeping = failureOf(runner.query('SELECT pg_sleep(30)'));
        await db.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
        expect(await sleeping).toEqual({
          code: '57P01',
          message: 'terminating connection due to administrator command',
        });
        await runner.release();
      } finally {
        await db.destroy();
      }
    },
  );

  (process.env.DATABASE_URL ? it : it.skip)(
    'a wait for a saturated pool is an overload (isPoolExhausted), not a connection failure',
    async () => {
      const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1, connectionTimeoutMillis: 200 });
      const held = await pool.connect();
      try {
        const waited = await pool.connect().then(
          () => 'no error',
          (error: unknown) => error,
        );
        expect(isPoolExhausted(waited)).toBe(true);
        expect(connectionFailure(waited)).toBeNull();
        // A refused connection is the other way round.
        const refused = await new Client({ host: '127.0.0.1', port: await closedPort() }).connect().catch((e) => e);
        expect(isPoolExhausted(refused)).toBe(false);
        expect(connectionFailure(refused)).not.toBeNull();
      } finally {
        held.release();
        await pool.end();
      }
    },
  );

  describe('is null for the errors of a database that answers', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.destroy());

    it('a syntax error, a unique violation, a division by zero', async () => {
      expect(await failureOf(db.dataSource.query('SELEC 1'))).toBeNull();
      await makePool(db.dataSource, { code: 'blitz' });
      expect(await failureOf(makePool(db.dataSource, { code: 'blitz' }))).toBeNull();
      expect(await failureOf(db.dataSource.query(`SELECT 1 / 0`))).toBeNull();
    });

    it('what is not a driver error of a lost connection: null, a string, the end of a client closed on purpose', () => {
      expect(connectionFailure(null)).toBeNull();
      expect(connectionFailure('ECONNREFUSED')).toBeNull();
      expect(connectionFailure(new Error('Connection terminated'))).toBeNull();
    });
  });

  it('is null once the embedded database is closed (a bug, not an outage)', async () => {
    const db = await createTestDatabase({ engine: 'pglite' });
    await db.destroy();
    const failure = await failureOf(db.dataSource.query('SELECT 1'));
    expect(failure).toBeNull();
  });
});
