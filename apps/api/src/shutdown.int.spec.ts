import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase } from '@ratings/core';
import { createTestDatabase, makePool, type TestDatabase } from '@ratings/core/testing';
import { startApiProcess, type ApiProcess } from './testing/api-process';

/** The promise: SIGTERM to exit, on either engine, inside Docker's 10 s before SIGKILL. */
const STOP_WITHIN_MS = 5_000;

/** A GraphQL request sent in two halves: the API has it in flight between the two. */
function requestInTwoHalves(origin: string) {
  const body = JSON.stringify({ query: '{ pools { code } }' });
  const request = http.request(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.once('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

/** A keep-alive connection left open and idle after one answered request, as browsers and proxies keep them. */
async function idleKeepAliveConnection(origin: string): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) =>
    http
      .get(`${origin}/healthz`, { agent }, (response) => response.resume().once('end', resolve))
      .once('error', reject),
  );
  return agent;
}

/**
 * SIGTERM while a request is in flight, another one never finishes sending, and a keep-alive connection sits
 * idle: the first is answered, the API exits 0 within STOP_WITHIN_MS having closed its database.
 */
async function stopWhileBusy(api: ApiProcess): Promise<void> {
  const agent = await idleKeepAliveConnection(api.origin);
  const inFlight = requestInTwoHalves(api.origin);
  const stalled = requestInTwoHalves(api.origin);
  stalled.answer.catch(() => undefined);
  // The API has read both requests' headers (they count as in flight) before the signal.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exit = api.signal('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  inFlight.finish();
  expect(await inFlight.answer).toEqual({
    status: 200,
    body: expect.stringContaining('"pools":[{"code":"standard"}]'),
  });
  await expect(stalled.answer).rejects.toThrow();
  const { code, signal, ms } = await exit;
  agent.destroy();
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(ms).toBeLessThan(STOP_WITHIN_MS);
  expect(api.logLines().filter((line) => line.msg === 'stopped')).toEqual([
    expect.objectContaining({ signal: 'SIGTERM' }),
  ]);
}

describe('SIGTERM stops the API process', () => {
  (process.env.DATABASE_URL ? it : it.skip)(
    'on PostgreSQL: within 5 s, finishing the request in flight, closing the pool',
    async () => {
      const db: TestDatabase = await createTestDatabase();
      try {
        await makePool(db.dataSource, { code: 'standard' });
        const url = (db.dataSource.options as { url: string }).url;
        const api = await startApiProcess({ DATABASE_URL: url });
        await stopWhileBusy(api);
        const [{ connections }] = await db.dataSource.query(
          `SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ratings-api'`,
        );
        expect(connections).toBe(0);
      } finally {
        await db.destroy();
      }
    },
  );

  it('on the embedded PGlite: within 5 s, finishing the request in flight, closing and unlocking the database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ratings-api-stop-'));
    try {
      const db = await openDatabase({ engine: 'pglite', dataDir: join(dataDir, 'pglite') }, { logging: false });
      await migrate(db);
      await makePool(db, { code: 'standard' });
      await db.destroy();
      const api = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
      await stopWhileBusy(api);
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
