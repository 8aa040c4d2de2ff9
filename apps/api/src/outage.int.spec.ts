import { DatabaseProxy, createTestDatabase, makePool, type TestDatabase } from '@ratings/core/testing';
import { BUSY_MESSAGE, OUTAGE_MESSAGE } from './errors';
import { BUSY_RETRY_AFTER_SECONDS, OUTAGE_RETRY_AFTER_SECONDS } from './outage';
import { startApiProcess, type ApiProcess } from './testing/api-process';

const POOLS_QUERY = JSON.stringify({ query: '{ pools { code } }' });
const graphql = (origin: string) =>
  fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: POOLS_QUERY });

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectOutageAnswer(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
  const body = (await response.json()) as { errors: unknown };
  expect(body.errors).toEqual([
    expect.objectContaining({ message: OUTAGE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }),
  ]);
}

// A real outage needs a real server between the API and its data: PostgreSQL only (PGlite lives in-process).
(process.env.DATABASE_URL ? describe : describe.skip)('a database outage (PostgreSQL behind a proxy)', () => {
  let db: TestDatabase;
  let proxy: DatabaseProxy;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    await makePool(db.dataSource, { code: 'standard' });
    const url = new URL((db.dataSource.options as { url: string }).url);
    proxy = new DatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.open();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    api = await startApiProcess({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await api?.signal('SIGKILL');
    if (proxy) await proxy.cut().catch(() => undefined);
    await db?.destroy();
  });

  const linesWith = (msg: string) => api!.logLines().filter((line) => line.msg === msg);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, logs one line when it goes down and one when it is back', async () => {
    const { origin } = api!;
    const before = await graphql(origin);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ data: { pools: [{ code: 'standard' }] } });

    await proxy.cut();
    for (let i = 0; i < 20; i++) await expectOutageAnswer(await graphql(origin));
    await Promise.all(Array.from({ length: 20 }, async () => expectOutageAnswer(await graphql(origin))));
    await expectOutageAnswer(await fetch(`${origin}/exports/pools/standard/history-lists.csv`));

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    const healthText = await health.text();
    expect(JSON.parse(healthText)).toEqual({ status: 'down', database: { status: 'down' } });
    expect(healthText).not.toContain(String(proxy.port));

    const down = linesWith('database down');
    // The first request to fail met either the closed port or a pooled connection the cut reset.
    expect(down).toEqual([expect.objectContaining({ level: 50 })]);
    expect(down[0].reason).toMatch(
      new RegExp(`ECONNREFUSED 127.0.0.1:${proxy.port}|Connection terminated unexpectedly`),
    );
    expect(linesWith('database back up')).toEqual([]);

    await proxy.open();
    await waitFor(() => linesWith('database back up').length > 0, 'the "back up" line');
    const after = await graphql(origin);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ data: { pools: [{ code: 'standard' }] } });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);

    const log = api!.logLines();
    expect(linesWith('database down')).toHaveLength(1);
    expect(linesWith('database back up')).toEqual([expect.objectContaining({ downForMs: expect.any(Number) })]);
    // 41 failed requests and a failed health check, and not one stack trace or error line of their own
    // (TypeORM's included).
    expect(log.filter((line) => line.msg === 'request' && line.status === 503)).toHaveLength(42);
    expect(log.filter((line) => (line.level as number) >= 50)).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain('"stack"');
  });

  it('answers 503 within the connect timeout when the server does not answer at all (a black hole)', async () => {
    const { origin } = api!;
    proxy.blackHole();
    const started = performance.now();
    await expectOutageAnswer(await graphql(origin));
    // CONNECT_TIMEOUT_MS (5 s), not the operating system's two minutes of TCP retries.
    expect(performance.now() - started).toBeLessThan(8_000);
    // The log line travels through the child's stdout and may arrive just after the answer.
    await waitFor(() => linesWith('database down').length === 2, 'the second "down" line', 5_000);
    expect(linesWith('database down')).toHaveLength(2);

    await proxy.cut();
    await proxy.open();
    await waitFor(() => linesWith('database back up').length === 2, 'the second "back up" line');
    expect((await graphql(origin)).status).toBe(200);
  });
});

// Another connection's lock holds the API's only connection: PostgreSQL only (PGlite has one session).
(process.env.DATABASE_URL ? describe : describe.skip)('every database connection busy (a saturated pool)', () => {
  let db: TestDatabase;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    await makePool(db.dataSource, { code: 'standard' });
    const url = (db.dataSource.options as { url: string }).url;
    // One connection, and a statement timeout longer than the pool's wait, so that the lock holds it.
    api = await startApiProcess({ DATABASE_URL: url, DB_POOL_SIZE: '1', PUBLIC_STATEMENT_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    await api?.signal('SIGKILL');
    await db?.destroy();
  });

  it('answers 503 SERVER_BUSY with a short Retry-After, and is not an outage', async () => {
    const { origin } = api!;
    const locker = db.dataSource.createQueryRunner();
    await locker.startTransaction();
    await locker.query('LOCK TABLE pools IN ACCESS EXCLUSIVE MODE');
    // This one takes the only connection and waits on the lock; the next (another operation: not coalesced with
    // the first) waits for the connection.
    const blocked = graphql(origin);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const busy = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Second { pools { code } }' }),
    });
    const waitedMs = performance.now() - started;
    await locker.rollbackTransaction();
    await locker.release();

    expect(busy.status).toBe(503);
    // The pool's wait (CONNECT_TIMEOUT_MS, 5 s) once, not once more for each of the operation's statements.
    expect(waitedMs).toBeLessThan(8_000);
    expect(busy.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(((await busy.json()) as { errors: unknown }).errors).toEqual([
      expect.objectContaining({ message: BUSY_MESSAGE, extensions: { code: 'SERVER_BUSY' } }),
    ]);
    const unblocked = await blocked;
    expect(unblocked.status).toBe(200);
    expect(await unblocked.json()).toEqual({ data: { pools: [{ code: 'standard' }] } });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const log = api!.logLines();
    expect(log.filter((line) => line.msg === 'database down')).toEqual([]);
    expect(log.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
