import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readApiConfig } from '../config';
import { createLogger } from '../logger';
import { notifySite, PUBLICATION_TAGS, type SiteRetry } from './revalidate';

/**
 * The announcement to the site is retried while the site is down or failing, and given up on a refusal. The site
 * is a real HTTP server on a port that starts closed.
 */

const RETRY: SiteRetry = { attempts: 5, firstDelayMs: 50, timeoutMs: 1_000 };
const logger = createLogger('silent');

interface Received {
  authorization: string | undefined;
  body: unknown;
}

function site(answer: (count: number) => number) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(answer(received.length), { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, received };
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

const configFor = (port: number) =>
  readApiConfig({ WEB_REVALIDATE_URL: `http://127.0.0.1:${port}/api/revalidate`, REVALIDATE_SECRET: 'secret' });

describe('notifySite', () => {
  it('is retried while the site is down, and reaches it once it is back', async () => {
    // A port that nothing listens on yet: the first attempts are refused connections.
    const probe = createServer();
    const port = await listen(probe);
    await close(probe);
    const { server, received } = site(() => 200);
    const sent = notifySite(configFor(port), logger, new Set(PUBLICATION_TAGS), RETRY);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await listen(server, port);
    try {
      await sent;
      expect(received).toEqual([{ authorization: 'Bearer secret', body: { tags: [...PUBLICATION_TAGS] } }]);
    } finally {
      await close(server);
    }
  });

  it('is retried after a server error, until the site takes it', async () => {
    const { server, received } = site((count) => (count < 3 ? 503 : 200));
    const port = await listen(server);
    try {
      await notifySite(configFor(port), logger, new Set(['players']), RETRY);
      expect(received.map((each) => each.body)).toEqual([
        { tags: ['players'] },
        { tags: ['players'] },
        { tags: ['players'] },
      ]);
    } finally {
      await close(server);
    }
  });

  it('is sent once when the site refuses it (a wrong secret is not fixed by asking again)', async () => {
    const { server, received } = site(() => 401);
    const port = await listen(server);
    try {
      await notifySite(configFor(port), logger, new Set(['players']), RETRY);
      expect(received).toHaveLength(1);
    } finally {
      await close(server);
    }
  });

  it('tells every instance of the site named, each retried on its own', async () => {
    const steady = site(() => 200);
    const failing = site((count) => (count < 2 ? 503 : 200));
    const ports = [await listen(steady.server), await listen(failing.server)];
    try {
      const config = readApiConfig({
        WEB_REVALIDATE_URL: ports.map((port) => ` http://127.0.0.1:${port}/api/revalidate`).join(','),
        REVALIDATE_SECRET: 'secret',
      });
      await notifySite(config, logger, new Set(['lists']), RETRY);
      expect(steady.received.map((each) => each.body)).toEqual([{ tags: ['lists'] }]);
      expect(failing.received.map((each) => each.body)).toEqual([{ tags: ['lists'] }, { tags: ['lists'] }]);
    } finally {
      await Promise.all([close(steady.server), close(failing.server)]);
    }
    expect(() => readApiConfig({ WEB_REVALIDATE_URL: 'http://127.0.0.1:1/api/revalidate,ftp://site' })).toThrow(
      'WEB_REVALIDATE_URL must be http(s) URLs separated by commas, got "ftp://site"',
    );
  });

  it('gives up after its attempts', async () => {
    const { server, received } = site(() => 500);
    const port = await listen(server);
    try {
      await notifySite(configFor(port), logger, new Set(['lists']), RETRY);
      expect(received).toHaveLength(RETRY.attempts);
    } finally {
      await close(server);
    }
  });
});
