import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaffUser, systemActor } from '@ratings/core';
import { makePool, makeRatingList } from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

const PASSWORD = 'correct horse battery staple';
const SECRET = 'receiver-shared-secret-0123';
/** The receivers listen on the ports set aside for this project's servers. */
const RECEIVER_PORTS = [4171, 4172];
const RETRY = { maxAttempts: 3, baseDelayMs: 200 };
/** How much later than the dispatcher sent an attempt the receiver may note it (a busy machine, a new connection). */
const ARRIVAL_JITTER_MS = 25;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on 127.0.0.1 that records every request and answers `status`. */
async function startReceiver(port: number, status: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `condition` holds, checking every 50 ms, failing after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhooks: signed publication events from the outbox, retried with backoff, logged', () => {
  let api: TestApi;
  let admin: Record<string, string>;
  let officer: Record<string, string>;
  let healthy: Awaited<ReturnType<typeof startReceiver>>;
  let failing: Awaited<ReturnType<typeof startReceiver>>;

  const login = async (email: string) => {
    const res = await api.gql<{ login: { token: string } }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      { e: email, p: PASSWORD },
    );
    return { authorization: `Bearer ${res.data!.login.token}` };
  };

  beforeAll(async () => {
    api = await startTestApi({ config: { webhookPollMs: 50, webhookRetry: RETRY } });
    const system = systemActor('test');
    for (const role of ['ADMIN', 'RATING_OFFICER'] as const)
      await createStaffUser(
        api.db,
        { email: `${role.toLowerCase()}@fed.example`, displayName: role, role, password: PASSWORD },
        system,
      );
    admin = await login('admin@fed.example');
    officer = await login('rating_officer@fed.example');
    healthy = await startReceiver(RECEIVER_PORTS[0], 204);
    failing = await startReceiver(RECEIVER_PORTS[1], 500);
  });
  afterAll(async () => {
    await api?.stop();
    await healthy?.close();
    await failing?.close();
  });

  const createWebhook = (url: string, secret: string, as = admin) =>
    api.gql<{ createWebhook: { id: string; url: string } }>(
      `mutation($url: String!, $secret: String!) { createWebhook(url: $url, secret: $secret) { id url } }`,
      { url, secret },
      as,
    );
  const log = async () => {
    const res = await api.gql<{ webhooks: any[] }>(
      `{ webhooks { id url deliveries { eventId eventType status attempts attemptLog { attemptedAt statusCode durationMs error } } } }`,
      {},
      admin,
    );
    if (!res.data) throw new Error(JSON.stringify(res.errors));
    return res.data.webhooks;
  };

  it('refuses a URL that is not http or https, a short secret, and callers other than an administrator', async () => {
    const codes = async (res: Promise<{ errors?: any[] }>) => {
      const { errors } = await res;
      return [errors?.[0]?.extensions?.code, errors?.[0]?.extensions?.argument];
    };
    expect(await codes(createWebhook('ftp://127.0.0.1/hook', SECRET))).toEqual(['BAD_USER_INPUT', 'url']);
    expect(await codes(createWebhook('not a url', SECRET))).toEqual(['BAD_USER_INPUT', 'url']);
    expect(await codes(createWebhook('https://user:pw@receiver.example/', SECRET))).toEqual(['BAD_USER_INPUT', 'url']);
    expect(await codes(createWebhook(healthy.url, 'too short'))).toEqual(['BAD_USER_INPUT', 'secret']);
    expect(await codes(createWebhook(healthy.url, SECRET, officer))).toEqual(['FORBIDDEN', undefined]);
    expect(await log()).toEqual([]);
  });

  it('POSTs each publication signed over timestamp and body; a failing receiver is retried with backoff, then given up', async () => {
    const created = await createWebhook(healthy.url, SECRET);
    expect(created.data!.createWebhook.url).toBe(healthy.url);
    await createWebhook(failing.url, 'another-secret-of-the-failing-one');
    const secretLeaks = await api.gql(`{ webhooks { secret } }`, {}, admin);
    expect(secretLeaks.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const pool = await makePool(api.db);
    const draft = await makeRatingList(api.db, { poolId: pool.id, period: '2026-05' });
    const published = await api.gql<{ publishRatingList: { status: string } }>(
      `mutation($id: ID!) { publishRatingList(id: $id) { status } }`,
      { id: String(draft.id) },
      officer,
    );
    expect(published.data!.publishRatingList.status).toBe('PUBLISHED');
    // Publishing it again is refused: its transaction rolls back, and with it any event.
    const again = await api.gql(
      `mutation($id: ID!) { publishRatingList(id: $id) { status } }`,
      { id: String(draft.id) },
      officer,
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    await until(() => healthy.received.length === 1);
    const [request] = healthy.received;
    const timestamp = request.headers['x-ratings-timestamp'] as string;
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-ratings-signature']).toBe(`sha256=${expected}`);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    const event = JSON.parse(request.body);
    expect(event).toMatchObject({
      id: request.headers['x-ratings-event-id'],
      type: 'rating-list.published',
      data: { list: { id: draft.id, pool: pool.code, period: '2026-05', revision: 0 } },
    });
    // Another secret signs differently: the receiver can tell a forgery.
    const forged = createHmac('sha256', 'not-the-secret-at-all').update(`${timestamp}.${request.body}`).digest('hex');
    expect(forged).not.toBe(expected);

    await until(() => failing.received.length === RETRY.maxAttempts);
    const gaps = failing.received.slice(1).map((r, i) => r.at - failing.received[i].at);
    // 200 ms after the first attempt, 400 ms after the second (the dispatcher polls every 50 ms). The backoff
    // counts from when the dispatcher sent; the receiver notes arrivals, each a few milliseconds later.
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY.baseDelayMs - ARRIVAL_JITTER_MS);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * RETRY.baseDelayMs - ARRIVAL_JITTER_MS);
    expect(new Set(failing.received.map((r) => r.headers['x-ratings-event-id']))).toEqual(new Set([event.id]));

    await until(async () => (await log())[1].deliveries[0]?.status === 'FAILED');
    const [good, bad] = await log();
    expect(good.deliveries).toMatchObject([
      { eventId: event.id, status: 'DELIVERED', attempts: 1, attemptLog: [{ statusCode: 204, error: null }] },
    ]);
    expect(bad.deliveries).toMatchObject([
      {
        eventId: event.id,
        status: 'FAILED',
        attempts: 3,
        attemptLog: [
          { statusCode: 500, error: 'HTTP 500' },
          { statusCode: 500, error: 'HTTP 500' },
          { statusCode: 500, error: 'HTTP 500' },
        ],
      },
    ]);
    expect(bad.deliveries[0].attemptLog.every((a: { durationMs: number }) => a.durationMs >= 0)).toBe(true);

    // No receiver at all: the attempt is logged without an HTTP status.
    await failing.close();
    const republished = await api.gql<{ republishRatingList: { revision: number } }>(
      `mutation($id: ID!) { republishRatingList(id: $id, reason: "a result corrected") { revision } }`,
      { id: String(draft.id) },
      officer,
    );
    expect(republished.data!.republishRatingList.revision).toBe(1);
    await until(() => healthy.received.length === 2);
    expect(JSON.parse(healthy.received[1].body)).toMatchObject({
      type: 'rating-list.republished',
      data: { list: { revision: 1, correctsListId: draft.id, reason: 'a result corrected' } },
    });
    await until(async () => (await log())[1].deliveries[0]?.attempts >= 1);
    expect((await log())[1].deliveries[0]).toMatchObject({
      eventType: 'RATING_LIST_REPUBLISHED',
      attemptLog: [{ statusCode: null, error: 'ECONNREFUSED' }],
    });
  });

  it('deletes a webhook with its log; an unknown id is NOT_FOUND', async () => {
    const [first] = await log();
    const deleted = await api.gql<{ deleteWebhook: string }>(
      `mutation($id: ID!) { deleteWebhook(id: $id) }`,
      { id: first.id },
      admin,
    );
    expect(deleted.data!.deleteWebhook).toBe(first.id);
    expect((await log()).map((w) => w.id)).not.toContain(first.id);
    const again = await api.gql(`mutation($id: ID!) { deleteWebhook(id: $id) }`, { id: first.id }, admin);
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
