import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import {
  ReadTransaction,
  createStaffUser,
  openDatabase,
  systemActor,
  type PrimaryReadReason,
  type RatingsDataSource,
} from '@ratings/core';
import {
  DatabaseProxy,
  PGBOUNCER_TEST_URL,
  REDIS_TEST_URL,
  REPLICA_TEST_URL,
  createTestDatabase,
  isInRecovery,
  makePlayer,
  makePool,
  makeRatingList,
  makeRatingListEntry,
  sameDatabaseOn,
  type TestDatabase,
} from '@ratings/core/testing';
import { startApiProcess, type ApiProcess } from './testing/api-process';

const PASSWORD = 'a long enough password for tests';
const METRICS_TOKEN = 'metrics-token-for-the-scale-out-tests';
const CURRENT_LIST = '{ pool(code: "standard") { currentList { id period } } }';

async function gql(origin: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  return { response, body: (await response.json()) as { data?: Record<string, any>; errors?: unknown[] } };
}

async function signIn(origin: string, email: string): Promise<string> {
  const { body } = await gql(
    origin,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
    {
      e: email,
      p: PASSWORD,
    },
  );
  return body.data!.login.token as string;
}

/** A metric's value from GET /metrics (0 when the series is absent). */
async function metric(origin: string, series: string): Promise<number> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A pool with one DRAFT list (one player on it) and a rating officer who may publish it. */
async function draftToPublish(db: TestDatabase['dataSource'], email: string) {
  const pool = await makePool(db, { code: 'standard' });
  const list = await makeRatingList(db, { poolId: pool.id, period: '2026-11' });
  await makeRatingListEntry(db, { listId: list.id, playerId: (await makePlayer(db)).id, rating: 1850 });
  await createStaffUser(
    db,
    { email, displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
    systemActor('test'),
  );
  return list;
}

const PUBLISH = 'mutation($id: ID!) { publishRatingList(id: $id) { status } }';
const CREATE_POOL = 'mutation { createPool(code: "rapid", name: "Rapid", ratingSystem: ELO) { code } }';
const serverUrl = process.env.DATABASE_URL;
const replicaBase = process.env[REPLICA_TEST_URL];
const redisBase = process.env[REDIS_TEST_URL];
const skipped = (missing: string[]) =>
  missing.length ? ` — skipped: ${missing.join(' and ')} not set (CI sets them: .ci/run)` : '';
const replicaMissing = [!serverUrl && 'DATABASE_URL', !replicaBase && REPLICA_TEST_URL].filter(Boolean) as string[];
const bouncerMissing = [!serverUrl && 'DATABASE_URL', !process.env[PGBOUNCER_TEST_URL] && PGBOUNCER_TEST_URL].filter(
  Boolean,
) as string[];
const redisMissing = [!serverUrl && 'DATABASE_URL', !redisBase && REDIS_TEST_URL].filter(Boolean) as string[];

(replicaMissing.length ? describe.skip : describe)(
  `read replicas (a real streaming standby)${skipped(replicaMissing)}`,
  () => {
    let db: TestDatabase;
    let replicaUrl: string;

    beforeAll(async () => {
      db = await createTestDatabase();
      replicaUrl = sameDatabaseOn(REPLICA_TEST_URL, db.dataSource)!;
      // The standby has the new database once it has replayed its creation.
      await waitFor(async () => {
        const client = new Client({ connectionString: replicaUrl });
        try {
          await client.connect();
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      }, 'the test database on the replica');
    });
    afterAll(() => db?.destroy());

    describe('routing', () => {
      let routed: RatingsDataSource;
      const primaryReads: PrimaryReadReason[] = [];
      beforeAll(async () => {
        const url = (db.dataSource.options as { url?: string }).url!;
        routed = await openDatabase({ engine: 'postgres', url, poolSize: 2, replicaUrls: [replicaUrl] });
        routed.replicas!.observer = { readFromPrimary: (reason) => primaryReads.push(reason) };
      });
      afterAll(() => routed?.destroy());

      async function publicRead<T>(read: (reads: ReadTransaction) => Promise<T>): Promise<T> {
        const reads = new ReadTransaction(routed, 5_000);
        try {
          await reads.begin();
          return await read(reads);
        } finally {
          await reads.end();
        }
      }

      it('sends public read transactions to the standby, and plain queries and transactions to the primary', async () => {
        await routed.replicas!.poll();
        expect(await publicRead((reads) => isInRecovery(reads.manager))).toBe(true);
        expect(await isInRecovery(routed)).toBe(false);
        expect(await routed.transaction((manager) => isInRecovery(manager))).toBe(false);
        expect(primaryReads).toEqual([]);
      });

      it('reads a committed write on the standby once it has replayed it, and from the primary until then', async () => {
        await makePool(routed, { code: 'rapid' });
        const lsn = await routed.replicas!.currentPrimaryPosition();
        expect(await routed.replicas!.waitForReplay(lsn, 5_000)).toBe(true);
        const onStandby = await publicRead(async (reads) => ({
          standby: await isInRecovery(reads.manager),
          pools: (await reads.manager.query('SELECT code FROM pools ORDER BY code')) as { code: string }[],
        }));
        expect(onStandby).toEqual({ standby: true, pools: [{ code: 'rapid' }] });

        // A position no standby has reached (a write it has not replayed yet): the read goes to the primary.
        routed.replicas!.requirePosition(lsn + 10n ** 12n);
        expect(await publicRead((reads) => isInRecovery(reads.manager))).toBe(false);
        expect(primaryReads).toEqual(['replicas behind']);
      });
    });

    describe('through the API', () => {
      let proxy: DatabaseProxy;
      let api: ApiProcess;
      let listId: string;

      beforeAll(async () => {
        listId = String((await draftToPublish(db.dataSource, 'officer@replica.example')).id);
        const replica = new URL(replicaUrl);
        proxy = new DatabaseProxy({ host: replica.hostname, port: Number(replica.port) });
        await proxy.open();
        replica.port = String(proxy.port);
        api = await startApiProcess({
          DATABASE_URL: (db.dataSource.options as { url?: string }).url,
          DATABASE_REPLICA_URLS: replica.toString(),
          METRICS_TOKEN,
        });
      });
      afterAll(async () => {
        await api?.signal('SIGKILL');
        if (proxy) await proxy.cut().catch(() => undefined);
      });

      it('answers the publication only once the standby has it, and public reads then see it there', async () => {
        const token = await signIn(api.origin, 'officer@replica.example');
        expect((await gql(api.origin, CURRENT_LIST)).body).toEqual({ data: { pool: { currentList: null } } });
        const fallbacksBefore = await metric(
          api.origin,
          'ratings_replica_fallback_reads_total{reason="replicas behind"}',
        );

        const published = await gql(api.origin, PUBLISH, { id: listId }, token);
        expect(published.body).toEqual({ data: { publishRatingList: { status: 'PUBLISHED' } } });
        // Asked straight after the answer: the standby has replayed the commit already.
        const standby = new Client({ connectionString: replicaUrl });
        await standby.connect();
        try {
          const { rows } = await standby.query('SELECT status FROM rating_lists WHERE id = $1', [listId]);
          expect(rows).toEqual([{ status: 'PUBLISHED' }]);
        } finally {
          await standby.end();
        }
        expect((await gql(api.origin, CURRENT_LIST)).body).toEqual({
          data: { pool: { currentList: { id: listId, period: '2026-11' } } },
        });
        // That read was the standby's: none went to the primary for want of a replica that had the list.
        expect(await metric(api.origin, 'ratings_replica_fallback_reads_total{reason="replicas behind"}')).toBe(
          fallbacksBefore,
        );
      });

      it('keeps serving public reads from the primary while the standby is unreachable, with a log line and a metric', async () => {
        await proxy.cut();
        for (let i = 0; i < 3; i++) {
          const { response, body } = await gql(api.origin, CURRENT_LIST);
          expect(response.status).toBe(200);
          expect(body).toEqual({ data: { pool: { currentList: { id: listId, period: '2026-11' } } } });
        }
        const down = api.logLines().filter((line) => line.msg === 'read replica down: its reads go to the primary');
        expect(down).toEqual([expect.objectContaining({ replica: 'replica-1', level: 50 })]);
        expect(
          await metric(api.origin, 'ratings_replica_fallback_reads_total{reason="replicas down"}'),
        ).toBeGreaterThanOrEqual(1);
        const health = (await (await fetch(`${api.origin}/healthz`)).json()) as Record<string, unknown>;
        expect(health).toMatchObject({
          status: 'ok',
          replicas: [{ name: 'replica-1', status: 'down', lagBytes: null }],
        });

        await proxy.open();
        await waitFor(
          () => api.logLines().some((line) => line.msg === 'read replica back up'),
          'the "read replica back up" line',
        );
        expect(await metric(api.origin, 'ratings_replica_up{replica="replica-1"}')).toBe(1);
      });
    });
  },
);

/**
 * The ways instances tell each other of changes: the variable that points the feed at its server, the listening
 * connections each server should then hold for two instances (LISTEN sessions, SUBSCRIBEd clients), and how many
 * change messages a write fails to send while that server is cut off (NOTIFY goes through the pool, not the cut
 * LISTEN session).
 */
const CHANGE_FEEDS = [
  {
    feed: 'postgres',
    variable: 'DATABASE_LISTEN_URL',
    server: (db: TestDatabase) => (db.dataSource.options as { url: string }).url,
    listeners: { postgres: 2, redis: 0 },
    unsentWhileCut: 0,
  },
  {
    feed: 'redis',
    variable: 'CHANGE_FEED_REDIS_URL',
    server: () => redisBase!,
    listeners: { postgres: 0, redis: 2 },
    unsentWhileCut: 1,
  },
] as const;

(redisMissing.length ? describe.skip : describe).each(CHANGE_FEEDS)(
  `two API instances, one database and one Redis, changes told through $feed${skipped(redisMissing)}`,
  ({ feed, variable, server, listeners, unsentWhileCut }) => {
    let db: TestDatabase;
    /** Between both instances and the feed's server, so that the test can cut their feed. */
    let feedProxy: DatabaseProxy;
    let one: ApiProcess;
    let other: ApiProcess;
    let listId: string;
    // A channel of this run's own: the Redis server is shared.
    const channel = `ratings-test-${randomBytes(6).toString('hex')}:changes`;
    const linesSaying = (api: ApiProcess, msg: string) => api.logLines().filter((line) => line.msg === msg).length;
    const LISTENING = 'listening for other instances’ changes';
    const LOST = 'change feed lost; reconnecting';
    /** The instances' listening connections now: LISTEN sessions on the test database, clients SUBSCRIBEd to the channel. */
    async function listenersNow(): Promise<{ postgres: number; redis: number }> {
      const [{ sessions }] = (await db.dataSource.query(
        `SELECT count(*)::int AS sessions FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'ratings-change-feed'`,
      )) as { sessions: number }[];
      const redis = new Redis(redisBase!);
      try {
        const [, subscribers] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
        return { postgres: sessions, redis: subscribers };
      } finally {
        redis.disconnect();
      }
    }

    beforeAll(async () => {
      db = await createTestDatabase();
      listId = String((await draftToPublish(db.dataSource, 'officer@two.example')).id);
      const feedUrl = new URL(server(db));
      feedProxy = new DatabaseProxy({ host: feedUrl.hostname, port: Number(feedUrl.port) });
      await feedProxy.open();
      feedUrl.hostname = '127.0.0.1';
      feedUrl.port = String(feedProxy.port);
      const env = {
        DATABASE_URL: (db.dataSource.options as { url?: string }).url,
        [variable]: feedUrl.toString(),
        CHANGE_FEED_REDIS_CHANNEL: channel,
        RATE_LIMIT_REDIS_URL: redisBase,
        // A prefix of this run's own: the Redis server is shared.
        RATE_LIMIT_REDIS_PREFIX: `ratings-test-${randomBytes(6).toString('hex')}:`,
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '40',
        // The tests call from loopback, which is exempt by default.
        RATE_LIMIT_EXEMPT_IPS: '',
        // Long enough that only the change feed can explain a fresh answer.
        RESPONSE_CACHE_SECONDS: '600',
        METRICS_TOKEN,
      };
      [one, other] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
      await waitFor(
        () => [one, other].every((api) => linesSaying(api, LISTENING) === 1),
        'both change feeds listening',
      );
    });
    afterAll(async () => {
      await Promise.all([one?.signal('SIGKILL'), other?.signal('SIGKILL')]);
      if (feedProxy) await feedProxy.cut().catch(() => undefined);
      await db?.destroy();
    });

    it('shows a publication made through one instance at once through the other, whose cache held the old answer', async () => {
      expect((await gql(other.origin, CURRENT_LIST)).body).toEqual({ data: { pool: { currentList: null } } });
      expect(await metric(other.origin, 'ratings_response_cache_lookups_total{result="miss"}')).toBe(1);
      expect((await gql(other.origin, CURRENT_LIST)).body).toEqual({ data: { pool: { currentList: null } } });
      expect(await metric(other.origin, 'ratings_response_cache_lookups_total{result="hit"}')).toBe(1);

      const token = await signIn(one.origin, 'officer@two.example');
      expect((await gql(one.origin, PUBLISH, { id: listId }, token)).body).toEqual({
        data: { publishRatingList: { status: 'PUBLISHED' } },
      });
      await waitFor(
        async () =>
          (await metric(other.origin, 'ratings_response_cache_clears_total{origin="another instance"}')) === 1,
        'the other instance told of the change',
        2_000,
      );
      expect((await gql(other.origin, CURRENT_LIST)).body).toEqual({
        data: { pool: { currentList: { id: listId, period: '2026-11' } } },
      });
    });

    it(`listens through ${feed} alone, and says so in /healthz`, async () => {
      expect(await listenersNow()).toEqual(listeners);
      for (const api of [one, other]) {
        const health = (await (await fetch(`${api.origin}/healthz`)).json()) as Record<string, unknown>;
        expect(health.changes).toEqual({ feed, listening: true });
      }
    });

    it('shows a change made while its feed was down once the feed is back, and the write succeeds meanwhile', async () => {
      const POOLS = '{ pools { code } }';
      const HITS = 'ratings_response_cache_lookups_total{result="hit"}';
      expect((await gql(other.origin, POOLS)).body).toEqual({ data: { pools: [{ code: 'standard' }] } });
      const hits = await metric(other.origin, HITS);
      expect((await gql(other.origin, POOLS)).body).toEqual({ data: { pools: [{ code: 'standard' }] } });
      expect(await metric(other.origin, HITS)).toBe(hits + 1);

      await feedProxy.cut();
      await waitFor(() => [one, other].every((api) => linesSaying(api, LOST) > 0), 'both feeds lost');
      const health = (await (await fetch(`${other.origin}/healthz`)).json()) as Record<string, unknown>;
      expect(health.changes).toEqual({ feed, listening: false });
      const token = await signIn(one.origin, 'officer@two.example');
      const created = await gql(one.origin, CREATE_POOL, {}, token);
      expect(created.body).toEqual({ data: { createPool: { code: 'rapid' } } });
      // The instance logs before it answers, but its output reaches this process on a pipe of its own.
      await waitFor(
        () => linesSaying(one, 'other instances not told of a change') === unsentWhileCut,
        'the change left untold logged',
        2_000,
      );

      await feedProxy.open();
      await waitFor(() => linesSaying(other, LISTENING) === 2, 'the feed listening again');
      // One connection per instance again, not one more per loss (the server drops the cut ones as it notices).
      await waitFor(
        async () => JSON.stringify(await listenersNow()) === JSON.stringify(listeners),
        `the listening connections back to ${JSON.stringify(listeners)}`,
        5_000,
      );
      expect((await gql(other.origin, POOLS)).body).toEqual({
        data: { pools: [{ code: 'standard' }, { code: 'rapid' }] },
      });
    });

    it('counts one quota across both instances: exhausted through one, it is exhausted through the other', async () => {
      const ask = (api: ApiProcess) =>
        fetch(`${api.origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ pools { code } }' }),
        });
      let previous = Number((await ask(one)).headers.get('ratelimit-remaining'));
      expect(previous).toBeGreaterThan(2);
      // Alternating instances, each answer has one unit fewer than the one before, whichever instance gave it.
      for (let turn = 1; previous > 0; turn++) {
        const response = await ask(turn % 2 ? other : one);
        expect(response.status).toBe(200);
        const remaining = Number(response.headers.get('ratelimit-remaining'));
        expect(remaining).toBe(previous - 1);
        previous = remaining;
      }
      for (const api of [one, other]) {
        const refused = await ask(api);
        expect(refused.status).toBe(429);
        expect(
          ((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code,
        ).toBe('RATE_LIMITED');
      }
      const health = (await (await fetch(`${one.origin}/healthz`)).json()) as Record<string, unknown>;
      expect(health.quotas).toEqual({ store: 'redis', shared: true });
    });
  },
);

(serverUrl ? describe : describe.skip)(
  `a quota store that cannot be reached${skipped(serverUrl ? [] : ['DATABASE_URL'])}`,
  () => {
    let db: TestDatabase;
    let api: ApiProcess;
    beforeAll(async () => {
      db = await createTestDatabase();
      await makePool(db.dataSource, { code: 'standard' });
      // Port 1 on loopback: nothing listens, the connection is refused at once.
      api = await startApiProcess({
        DATABASE_URL: (db.dataSource.options as { url?: string }).url,
        RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:1',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3',
        RATE_LIMIT_EXEMPT_IPS: '',
      });
    });
    afterAll(async () => {
      await api?.signal('SIGKILL');
      await db?.destroy();
    });

    it('keeps serving with this instance’s own quotas, and says so in /healthz and the log', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await gql(api.origin, '{ pools { code } }')).response.status);
      // The per-instance quota still applies.
      expect(statuses).toEqual([200, 200, 200, 429]);
      const health = (await (await fetch(`${api.origin}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ status: 'ok', quotas: { store: 'redis', shared: false } });
      const lines = api
        .logLines()
        .filter((line) => line.msg === 'quota store unreachable: each instance counts its own quotas');
      expect(lines).toHaveLength(1);
    });
  },
);

(bouncerMissing.length ? describe.skip : describe)(
  `behind PgBouncer in transaction pooling${skipped(bouncerMissing)}`,
  () => {
    let db: TestDatabase;
    let api: ApiProcess;
    let listId: string;
    let bouncerUrl: string;
    beforeAll(async () => {
      db = await createTestDatabase();
      listId = String((await draftToPublish(db.dataSource, 'officer@bouncer.example')).id);
      bouncerUrl = sameDatabaseOn(PGBOUNCER_TEST_URL, db.dataSource)!;
      api = await startApiProcess({
        DATABASE_URL: bouncerUrl,
        // LISTEN needs a session of its own: straight to the server.
        DATABASE_LISTEN_URL: (db.dataSource.options as { url?: string }).url,
        PUBLIC_STATEMENT_TIMEOUT_MS: '1234',
      });
    });
    afterAll(async () => {
      await api?.signal('SIGKILL');
      await db?.destroy();
    });

    it('signs in, publishes and serves public reads, and leaves no session setting on the shared connections', async () => {
      const token = await signIn(api.origin, 'officer@bouncer.example');
      expect((await gql(api.origin, PUBLISH, { id: listId }, token)).body).toEqual({
        data: { publishRatingList: { status: 'PUBLISHED' } },
      });
      // Public reads run in READ ONLY transactions with SET LOCAL statement_timeout = 1234, concurrently.
      const reads = await Promise.all(Array.from({ length: 20 }, () => gql(api.origin, CURRENT_LIST)));
      for (const { body } of reads) {
        expect(body).toEqual({ data: { pool: { currentList: { id: listId, period: '2026-11' } } } });
      }
      // Whatever server connection PgBouncer hands out next, none kept those transaction-local settings.
      const clients = Array.from({ length: 5 }, () => new Client({ connectionString: bouncerUrl }));
      try {
        await Promise.all(clients.map((client) => client.connect()));
        const settings = await Promise.all(
          clients.map(async (client) => ({
            timeout: (await client.query('SHOW statement_timeout')).rows[0].statement_timeout as string,
            readOnly: (await client.query('SHOW transaction_read_only')).rows[0].transaction_read_only as string,
          })),
        );
        expect(settings).toEqual(Array.from({ length: 5 }, () => ({ timeout: '0', readOnly: 'off' })));
      } finally {
        await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      }
    });
  },
);
