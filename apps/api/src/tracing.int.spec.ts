import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, makePool, type TestDatabase } from '@ratings/core/testing';
import { startApiProcess, type ApiProcess } from './testing/api-process';

/** A span as OTLP/HTTP's JSON encoding carries it (the fields this test reads). */
interface ExportedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly attributes?: readonly { key: string; value: { stringValue?: string } }[];
}

/** An OpenTelemetry collector's OTLP/HTTP traces endpoint, keeping every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; close(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const attribute = (span: ExportedSpan, key: string) =>
  span.attributes?.find((candidate) => candidate.key === key)?.value.stringValue;

// The pg instrumentation patches the `pg` driver: there is none on the embedded database.
(process.env.DATABASE_URL ? describe : describe.skip)('OpenTelemetry tracing (server only)', () => {
  let db: TestDatabase;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    await makePool(db.dataSource, { code: 'standard' });
    collector = await startCollector();
  });
  afterAll(async () => {
    await collector.close();
    await db.destroy();
  });

  const startApi = (env: NodeJS.ProcessEnv): Promise<ApiProcess> =>
    startApiProcess({
      DATABASE_URL: (db.dataSource.options as { url: string }).url,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Export at once rather than after the SDK's 5 s batching delay.
      OTEL_BSP_SCHEDULE_DELAY: '50',
      ...env,
    });

  const queryPools = async (api: ApiProcess) => {
    const response = await fetch(`${api.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query TracedPools { pools { code } }' }),
    });
    expect(await response.json()).toEqual({ data: { pools: [{ code: 'standard' }] } });
  };

  it('with OTEL_TRACING=1, one request gives one trace: its HTTP, GraphQL and PostgreSQL spans', async () => {
    const api = await startApi({ OTEL_TRACING: '1', OTEL_SERVICE_NAME: 'ratings-api-under-test' });
    try {
      await queryPools(api);
      const operation = await waitFor('the GraphQL operation span', () =>
        collector.spans.find((span) => attribute(span, 'graphql.operation.name') === 'TracedPools'),
      );
      const trace = await waitFor('the request span and a statement span of the same trace', () => {
        const spans = collector.spans.filter((span) => span.traceId === operation.traceId);
        const httpSpan = spans.find((span) => span.name === 'POST /graphql');
        const statement = spans.find(
          (span) => attribute(span, 'db.system.name') === 'postgresql' && /^pg\.query:SELECT/.test(span.name),
        );
        return httpSpan && statement ? { httpSpan, statement } : undefined;
      });
      expect(attribute(trace.statement, 'db.query.text')).toMatch(/\bpools\b/i);
      expect(api.logLines().find((line) => line.msg === 'API ready')).toMatchObject({ tracing: true });
    } finally {
      await api.signal('SIGTERM');
    }
  });

  it('is off by default: nothing is sent', async () => {
    const before = collector.spans.length;
    const api = await startApi({ OTEL_TRACING: '' });
    try {
      await queryPools(api);
      // Longer than the batching delay the traced process needed.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(collector.spans.length).toBe(before);
    } finally {
      await api.signal('SIGTERM');
    }
  });
});
