import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TypedDocumentString } from '@/__generated__/graphql';
import { ApiGraphQLError, ApiUnavailableError, apiFailureKind } from './api-error';
import { apiUrl, DEFAULT_API_URL, operationName, postGraphQL } from './api';
import { playerProfileQuery } from './player.queries';
import { poolsQuery } from './pools.queries';

/**
 * The transport is tested against a real HTTP server on a free port: each route answers the way an
 * API, a proxy in front of it, or a dead host can.
 */

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const json = (response: ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

const routes: Record<string, Handler> = {
  '/ok': (_request, body, response) => json(response, 200, { data: { echo: JSON.parse(body) } }),
  '/authorization': (request, _body, response) =>
    json(response, 200, { data: { authorization: request.headers.authorization ?? null } }),
  '/not-found': (_request, _body, response) =>
    json(response, 200, {
      data: { player: null },
      errors: [{ message: 'Player 9 does not exist', path: ['player'], extensions: { code: 'NOT_FOUND' } }],
    }),
  '/bad-input': (_request, _body, response) =>
    json(response, 200, {
      errors: [{ message: 'period must be YYYY-MM', extensions: { code: 'BAD_USER_INPUT', argument: 'period' } }],
    }),
  '/invalid-query': (_request, _body, response) =>
    json(response, 400, {
      errors: [
        { message: 'Cannot query field "rating" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      ],
    }),
  '/bad-gateway': (_request, _body, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html><body>502 Bad Gateway</body></html>');
  },
  '/html-200': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html>maintenance</html>');
  },
  '/empty-503': (_request, _body, response) => json(response, 503, {}),
  '/no-data': (_request, _body, response) => json(response, 200, {}),
  '/slow': (_request, _body, response) => {
    setTimeout(() => json(response, 200, { data: {} }), 2000).unref();
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => routes[request.url ?? '']?.(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A document as codegen writes one (its name in the metadata), typed for the echo route's answer. */
const playerQuery = new TypedDocumentString<
  { echo: { operationName: string; query: string; variables: { id: string } } },
  { id: string }
>('query Player($id: ID!) { player(id: $id) { id } }', { operationName: 'Player' });

describe('operationName', () => {
  it('reads the name codegen records in each generated document', () => {
    expect(operationName(poolsQuery)).toBe('Pools');
    expect(operationName(playerProfileQuery)).toBe('PlayerProfile');
  });

  it('refuses a document without one', () => {
    expect(() => operationName(new TypedDocumentString('{ pools { code } }'))).toThrow(/no operation name/);
  });
});

describe('postGraphQL', () => {
  it('POSTs the operation and returns the data', async () => {
    const data = await postGraphQL(`${base}/ok`, playerQuery, { id: '42' });
    expect(data.echo).toEqual({
      operationName: 'Player',
      query: 'query Player($id: ID!) { player(id: $id) { id } }',
      variables: { id: '42' },
    });
  });

  it('keeps the argument a BAD_USER_INPUT error names', async () => {
    const error = await postGraphQL(`${base}/bad-input`, playerQuery, { id: '1' }).catch((caught: unknown) => caught);
    expect((error as ApiGraphQLError).errors).toEqual([
      { message: 'period must be YYYY-MM', code: 'BAD_USER_INPUT', argument: 'period', path: null },
    ]);
  });

  it("sends a staff member's token as a bearer token, and none for a public read", async () => {
    const signedIn = await postGraphQL(`${base}/authorization`, playerQuery, { id: '1' }, 1000, 'token-123');
    const anonymous = await postGraphQL(`${base}/authorization`, playerQuery, { id: '1' });
    expect(signedIn).toEqual({ authorization: 'Bearer token-123' });
    expect(anonymous).toEqual({ authorization: null });
  });

  it('turns GraphQL errors into ApiGraphQLError with their codes', async () => {
    const error = await postGraphQL(`${base}/not-found`, playerQuery, { id: '9' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiGraphQLError);
    const graphqlError = error as ApiGraphQLError;
    expect(graphqlError.errors).toEqual([
      { message: 'Player 9 does not exist', code: 'NOT_FOUND', argument: null, path: ['player'] },
    ]);
    expect(graphqlError.hasCode('NOT_FOUND')).toBe(true);
    expect(graphqlError.message).toBe('Player: [NOT_FOUND] Player 9 does not exist');
    expect(apiFailureKind(graphqlError.digest)).toBe('graphql');
  });

  it('reads GraphQL errors sent with an HTTP error status too', async () => {
    const error = await postGraphQL(`${base}/invalid-query`, playerQuery, { id: '1' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiGraphQLError);
    expect((error as ApiGraphQLError).hasCode('GRAPHQL_VALIDATION_FAILED')).toBe(true);
  });

  it.each([
    ['/bad-gateway', 'http-status', 502],
    ['/empty-503', 'http-status', 503],
    ['/html-200', 'invalid-response', 200],
    ['/no-data', 'invalid-response', 200],
  ])('%s: the API is unavailable (%s)', async (path, reason, status) => {
    const error = await postGraphQL(`${base}${path}`, playerQuery, { id: '1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error).toMatchObject({ reason, status });
    expect(apiFailureKind((error as ApiUnavailableError).digest)).toBe('unavailable');
  });

  it('says the API cannot be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await postGraphQL(`http://127.0.0.1:${port}/graphql`, playerQuery, { id: '1' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error).toMatchObject({
      reason: 'network',
      message: `Player: the API at http://127.0.0.1:${port}/graphql cannot be reached`,
    });
  });

  it('gives up after the timeout', async () => {
    const error = await postGraphQL(`${base}/slow`, playerQuery, { id: '1' }, 100).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error).toMatchObject({ reason: 'timeout' });
  });
});

describe('apiUrl', () => {
  const saved = process.env.API_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.API_URL;
    else process.env.API_URL = saved;
  });

  it('reads API_URL, or defaults to the local API', () => {
    delete process.env.API_URL;
    expect(apiUrl()).toBe(DEFAULT_API_URL);
    process.env.API_URL = 'http://api.internal:4000/graphql';
    expect(apiUrl()).toBe('http://api.internal:4000/graphql');
  });
});

describe('apiFailureKind', () => {
  it('tells the error page what failed from the digest alone', () => {
    expect(apiFailureKind(new ApiUnavailableError('network', 'down').digest)).toBe('unavailable');
    expect(
      apiFailureKind(
        new ApiGraphQLError('Rankings', [{ message: 'x', code: null, argument: null, path: null }]).digest,
      ),
    ).toBe('graphql');
    expect(apiFailureKind('2437885946')).toBe('other');
    expect(apiFailureKind(undefined)).toBe('other');
  });

  it('gives each error its own reference', () => {
    expect(new ApiUnavailableError('network', 'down').digest).not.toBe(
      new ApiUnavailableError('network', 'down').digest,
    );
  });
});
