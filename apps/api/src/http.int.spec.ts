import { gzipSync } from 'node:zlib';
import { createStaffUser, MAX_TRF_CHARACTERS, systemActor } from '@ratings/core';
import { generatedTrf, makePool } from '@ratings/core/testing';
import { MAX_PUBLIC_BODY_BYTES, MAX_STAFF_BODY_BYTES } from './http';
import { startTestApi, type TestApi } from './testing/api-harness';

const PASSWORD = 'correct horse battery staple';
const IMPORT = 'mutation($c: String!) { importTrf(pool: "open", content: $c) { status players games } }';

let api: TestApi;
let staff: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  await makePool(api.db, { code: 'open', ratingSystemId: 'elo' });
  await createStaffUser(
    api.db,
    { email: 'officer@federation.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
    systemActor('test'),
  );
  const login = await api.gql<{ login: { token: string } }>(
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
    { e: 'officer@federation.example', p: PASSWORD },
  );
  staff = { authorization: `Bearer ${login.data!.login.token}` };
});
afterAll(() => api?.stop());

/** Sends a request as is (no JSON encoding by the harness) and reads the answer. */
async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${api.origin}${path}`, init);
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : undefined };
}

const post = (body: RequestInit['body'], headers: Record<string, string> = {}) =>
  send('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

function expectError(answer: Awaited<ReturnType<typeof send>>, status: number, code: string, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ errors: [{ message: expect.stringMatching(message), extensions: { code } }] });
}

describe('requests refused before GraphQL: a JSON error with a 4xx status, never a 500', () => {
  it('answers 400 MALFORMED_JSON for a body that is not JSON', async () => {
    expectError(
      await post('{"query": "{ pools { code } }"'),
      400,
      'MALFORMED_JSON',
      /^the request body is not valid JSON: /,
    );
    expectError(await post('"just a string"'), 400, 'MALFORMED_JSON', /^the request body is not valid JSON: /);
  });

  it('answers 413 PAYLOAD_TOO_LARGE past the public limit, stating it', async () => {
    const body = JSON.stringify({ query: '{ pools { code } }', variables: { pad: 'x'.repeat(MAX_PUBLIC_BODY_BYTES) } });
    expectError(
      await post(body),
      413,
      'PAYLOAD_TOO_LARGE',
      /^the request body is larger than the limit of 204,800 bytes; staff signed in may send up to 31,662,080 bytes/,
    );
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for another content type, encoding or charset', async () => {
    const query = JSON.stringify({ query: '{ pools { code } }' });
    expectError(
      await send('/graphql', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<query/>' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /^Content-Type "text\/xml" is not supported: send the request as application\/json$/,
    );
    expectError(
      await post(query, { 'content-encoding': 'compress' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /^Content-Encoding "compress" is not supported/,
    );
    expectError(
      await post(query, { 'content-type': 'application/json; charset=latin1' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /^charset "latin1" is not supported: send JSON in UTF-8$/,
    );
  });

  it('reads a gzip body, and answers 400 BAD_REQUEST for one that does not decompress', async () => {
    const query = JSON.stringify({ query: '{ pools { code } }' });
    const gzipped = await post(gzipSync(query), { 'content-encoding': 'gzip' });
    expect({ status: gzipped.status, body: gzipped.body }).toEqual({
      status: 200,
      body: { data: { pools: [{ code: 'open' }] } },
    });
    expectError(
      await post(query, { 'content-encoding': 'br' }),
      400,
      'BAD_REQUEST',
      /^the request could not be read: /,
    );
  });

  it.each(['/exports/lists/%E0%A4%A.csv', '/exports/pools/%zz/history-lists.csv', '/graphql%zz'])(
    'answers 400 BAD_REQUEST for a malformed %% escape in %s',
    async (path) => {
      expectError(
        await send(path, { method: path.startsWith('/graphql') ? 'POST' : 'GET' }),
        400,
        'BAD_REQUEST',
        /^the request path is not valid percent-encoding/,
      );
    },
  );
});

describe('TRF imports and the body limit', () => {
  it('derives the staff limit from the import limit: the largest file, in the costliest text characters, fits', () => {
    const costliest = '€'.repeat(MAX_TRF_CHARACTERS); // 3 UTF-8 bytes each, as every BMP character at most
    const body = JSON.stringify({ query: IMPORT, variables: { c: costliest } });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_STAFF_BODY_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_STAFF_BODY_BYTES - MAX_PUBLIC_BODY_BYTES);
  });

  it('imports a generated 300 KB, 3,000-player TRF sent by staff', async () => {
    const trf = generatedTrf(3000);
    expect(trf.length).toBeGreaterThan(300_000);
    const started = Date.now();
    const imported = await api.gql<{ importTrf: any }>(IMPORT, { c: trf }, staff);
    process.stdout.write(`3,000-player TRF (${trf.length} characters) imported in ${Date.now() - started} ms\n`);
    expect(imported.errors).toBeUndefined();
    expect(imported.data!.importTrf).toMatchObject({
      status: 'IMPORTED',
      players: { created: expect.any(Array), matched: [] },
      games: { played: 1500, forfeits: 0, byes: 0 },
    });
    expect(imported.data!.importTrf.players.created).toHaveLength(3000);
  });

  it('refuses the same file from an anonymous caller with 413, naming the public limit', async () => {
    const answer = await post(JSON.stringify({ query: IMPORT, variables: { c: generatedTrf(3000) } }));
    expectError(answer, 413, 'PAYLOAD_TOO_LARGE', /limit of 204,800 bytes/);
  });

  it('lets a file just over the import limit reach the import, which names its own limit', async () => {
    const answer = await api.gql(IMPORT, { c: 'x'.repeat(MAX_TRF_CHARACTERS + 1) }, staff);
    expect(answer.errors?.[0]).toMatchObject({
      message: expect.stringContaining(`more than the ${MAX_TRF_CHARACTERS}`),
      extensions: { code: 'BAD_USER_INPUT', argument: 'content' },
    });
  });

  it('answers 413 past the staff limit, naming it', async () => {
    const body = JSON.stringify({ query: IMPORT, variables: { c: 'x'.repeat(MAX_STAFF_BODY_BYTES) } });
    expectError(
      await post(body, staff),
      413,
      'PAYLOAD_TOO_LARGE',
      /^the request body is larger than the limit of 31,662,080 bytes \(a TRF file of 10,485,760 characters, the import's limit, written as JSON\)$/,
    );
  });
});

describe('security headers', () => {
  it.each([
    ['a GraphQL answer', () => post(JSON.stringify({ query: '{ pools { code } }' }))],
    ['an error', () => post('{')],
    ['a download', () => send('/exports/pools/open/history-lists.csv')],
  ])('sends them on %s', async (_what, request) => {
    const { headers } = await request();
    expect({
      csp: headers.get('content-security-policy'),
      nosniff: headers.get('x-content-type-options'),
      referrer: headers.get('referrer-policy'),
      frame: headers.get('x-frame-options'),
      poweredBy: headers.get('x-powered-by'),
    }).toEqual({
      csp: "default-src 'none';frame-ancestors 'none'",
      nosniff: 'nosniff',
      referrer: 'no-referrer',
      frame: 'DENY',
      poweredBy: null,
    });
  });
});
