import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createStaffUser, mergePlayers, systemActor } from '@ratings/core';
import { makePlayer } from '@ratings/core/testing';
import { readApiConfig } from './config';
import { startTestApi, type TestApi } from './testing/api-harness';
import { launchChromium, type ChromiumPage } from './testing/chromium';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

let api: TestApi;
let fed: SmallFederation;
/** A page of another origin (another port) that third-party code runs on. */
let elsewhere: Server;
let elsewhereOrigin: string;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  // No address exempt from quotas: the test's own calls pay as a third party's would.
  api = await startTestApi({ config: { rateLimitExemptIps: new Set(), anonymousPerMinute: 1_000 } });
  fed = await buildSmallFederation(api.db);
  elsewhere = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'));
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const address = elsewhere.address();
  elsewhereOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => elsewhere?.close(resolve));
  await api?.stop();
});

const remaining = (headers: Headers) => Number(headers.get('ratelimit-remaining'));

/**
 * A GET as a cache sends it. (fetch adds `Cache-Control: no-cache` to a request with If-None-Match, which asks the
 * server for a full answer.)
 */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('CORS', () => {
  it('answers a preflight from any origin without credentials, and without charging the quota', async () => {
    const before = remaining((await api.gql('{ pools { code } }')).headers);
    const preflight = await fetch(api.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://club.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('ratelimit-remaining')).toBeNull();
    // The preflight cost nothing: the next query leaves one unit less than the previous one did.
    expect(remaining((await api.gql('{ pools { code } }')).headers)).toBe(before - 1);
  });

  it('lets a page of another origin query the API from Chromium, and read the quota headers', async () => {
    const page: ChromiumPage = await launchChromium();
    try {
      await page.goto(`${elsewhereOrigin}/`);
      const answer = await page.page.evaluate(async (url: string) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ pools { code } }' }),
        });
        return { body: await response.json(), limit: response.headers.get('ratelimit-limit') };
      }, api.graphqlUrl);
      expect(answer).toEqual({ body: { data: { pools: [{ code: 'standard' }] } }, limit: '1000' });
    } finally {
      await page.close();
    }
  });
});

describe('the explorer', () => {
  it('loads at /graphiql in Chromium from this host alone, and lists the schema’s queries', async () => {
    const page = await launchChromium();
    try {
      const origins = new Set<string>();
      page.page.on('request', (request) => origins.add(new URL(request.url()).origin));
      const violations: string[] = [];
      page.page.on('console', (message) => {
        if (message.type() === 'error') violations.push(message.text());
      });
      await page.goto(`${api.origin}/graphiql`);
      // The documentation explorer is GraphiQL's, fed by introspection.
      await page.page.getByRole('button', { name: /show documentation explorer/i }).click();
      await page.page.getByRole('link', { name: 'Query', exact: true }).first().click({ timeout: 30_000 });
      await page.page.getByText('rankings', { exact: true }).first().waitFor({ timeout: 30_000 });
      expect([...origins]).toEqual([api.origin]);
      expect(violations.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('HTTP caching', () => {
  it('answers 304 to a repeated export of a published list, long-lived and compressed when asked', async () => {
    const url = `${api.origin}/exports/lists/${fed.november.id}.csv`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(new RegExp(`^"list-${fed.november.id}-\\d+\\.csv"$`));
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(first.body.toString('utf8')).toContain('Lévesque');
    const again = await get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The same validator for another format would be another file.
    expect((await get(url.replace('.csv', '.json'), { 'if-none-match': etag })).status).toBe(200);

    const compressed = await get(url, { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.body).equals(first.body)).toBe(true);
  });

  it('gives public GraphQL GET answers Cache-Control and an ETag (304 when repeated); staff answers are never stored', async () => {
    const url = `${api.graphqlUrl}?query=${encodeURIComponent('{ pools { code name } }')}`;
    const headers = { 'apollo-require-preflight': 'true' };
    const first = await get(url, headers);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('max-age=60, public');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect((await get(url, { ...headers, 'if-none-match': etag })).status).toBe(304);

    await createStaffUser(
      api.db,
      { email: 'officer@federation.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
      systemActor('test'),
    );
    const login = await api.gql<{ login: { token: string } }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      { e: 'officer@federation.example', p: PASSWORD },
    );
    const staff = await fetch(url, { headers: { ...headers, authorization: `Bearer ${login.data!.login.token}` } });
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    const staffExport = await fetch(`${api.origin}/exports/lists/${fed.november.id}.csv`, {
      headers: { authorization: `Bearer ${login.data!.login.token}` },
    });
    expect(staffExport.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('rateLimit', () => {
  it('says what the headers say: the limit, what is left, when it resets and what the request cost', async () => {
    const started = Date.now();
    const first = await api.gql<{ rateLimit: { limit: number; remaining: number; resetAt: string; cost: number } }>(
      '{ rateLimit { limit remaining resetAt cost } }',
    );
    const quota = first.data!.rateLimit;
    expect(quota.limit).toBe(1000);
    expect(quota.cost).toBe(1);
    expect(quota.remaining).toBe(remaining(first.headers));
    const resetMs = Date.parse(quota.resetAt);
    const resetHeader = Number(first.headers.get('ratelimit-reset'));
    expect(Math.abs(resetMs - (started + resetHeader * 1000))).toBeLessThan(2_000);
    // Never answered from the cache: the next request's figures have moved on by its cost.
    const second = await api.gql<{ rateLimit: { remaining: number } }>(
      '{ rateLimit { limit remaining resetAt cost } }',
    );
    expect(second.data!.rateLimit.remaining).toBe(quota.remaining - 1);
  });

  it('counts the measured cost of a costly operation, as RateLimit-Remaining does', async () => {
    // 100 rows × their fields and players: more than 1,000 estimated resolutions, so more than 1 unit.
    const res = await api.gql<{ rateLimit: { remaining: number; cost: number } }>(
      `{ rateLimit { remaining cost } rankings(pool: "standard", first: 100) {
          edges { node { rank rating display games player { id surname givenName club federation } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.rateLimit.cost).toBeGreaterThan(1);
    expect(res.data!.rateLimit.remaining).toBe(remaining(res.headers));
  });
});

describe('types that say what they hold', () => {
  it('answers enumerations as enums, dates as Date, and both PageInfo cursors', async () => {
    const first = await api.gql<any>(
      `{ players(first: 2) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { status } } }
         ratingSystems { id ratingUnit parameters { type } }
         tournament(id: "${fed.tournament.id}") { type startDate }
         ratingList(id: "${fed.november.id}") { effectiveDate periodStart } }`,
    );
    expect(first.errors).toBeUndefined();
    const { pageInfo, edges } = first.data.players;
    expect(pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: edges[0].cursor,
      endCursor: edges[1].cursor,
    });
    expect(edges.map((edge: any) => edge.node.status)).toEqual(['ACTIVE', 'ACTIVE']);
    // Elo rates game by game, the Quebec cote tournament by tournament, FIDE and Glicko-2 a period at a time.
    expect(Object.fromEntries(first.data.ratingSystems.map((system: any) => [system.id, system.ratingUnit]))).toEqual({
      ELO: 'GAME',
      ELO_PROVISIONAL: 'GAME',
      FQE: 'EVENT',
      FIDE: 'PERIOD',
      GLICKO2: 'PERIOD',
    });
    expect(
      new Set(first.data.ratingSystems.flatMap((system: any) => system.parameters.map((p: any) => p.type))),
    ).toEqual(new Set(['NUMBER', 'INTEGER', 'BOOLEAN', 'ENUM']));
    expect(first.data.tournament).toEqual({ type: fed.tournament.type, startDate: fed.tournament.startDate });
    expect(first.data.ratingList).toEqual({
      effectiveDate: fed.november.effectiveDate,
      periodStart: fed.november.periodStart,
    });
    const second = await api.gql<any>(
      `query($after: String) { players(first: 2, after: $after) { pageInfo { hasPreviousPage startCursor } } }`,
      { after: pageInfo.endCursor },
    );
    expect(second.data.players.pageInfo.hasPreviousPage).toBe(true);
    expect(second.data.players.pageInfo.startCursor).not.toBe(pageInfo.endCursor);
  });

  it('keeps the old names, deprecated, with the same values as the new ones', async () => {
    const res = await api.gql<any>(
      `{ pools { name nameEn nameFr categories { name nameFr nameEn } ratingSystem { name nameEn } }
         rankings(pool: "standard", first: 3) { edges { node { games gamesTotal } } }
         ratingList(id: "${fed.november.id}") { stats { games gameCount tournaments tournamentCount } } }`,
    );
    expect(res.errors).toBeUndefined();
    const [pool] = res.data.pools;
    expect(pool).toMatchObject({ name: 'Standard', nameEn: 'Standard', nameFr: 'Lente' });
    expect(pool.categories[0]).toEqual({ name: 'Grand Maître', nameFr: 'Grand Maître', nameEn: 'Grandmaster' });
    expect(pool.ratingSystem.nameEn).toBe(pool.ratingSystem.name);
    for (const { node } of res.data.rankings.edges) expect(node.gamesTotal).toBe(node.games);
    const { stats } = res.data.ratingList;
    expect([stats.gameCount, stats.tournamentCount]).toEqual([stats.games, stats.tournaments]);
    const introspection = await api.gql<any>(
      `{ __type(name: "RankingEntry") { fields(includeDeprecated: true) { name isDeprecated } } }`,
    );
    const fields = introspection.data.__type.fields;
    expect(fields.find((field: any) => field.name === 'games').isDeprecated).toBe(true);
    expect(fields.find((field: any) => field.name === 'gamesTotal').isDeprecated).toBe(false);
  });

  it("resolves a merged player's old id to the survivor's id in _entities as in player(id:)", async () => {
    const duplicate = await makePlayer(api.db, { surname: 'Lévesque', givenName: 'Emilie', birthYear: 1990 });
    await mergePlayers(api.db, { keep: fed.levesque.id, remove: duplicate.id }, systemActor('test'));
    const res = await api.gql<any>(
      `query($r: [_Any!]!, $id: ID!) { player(id: $id) { id } _entities(representations: $r) { ... on Player { id surname } } }`,
      { id: String(duplicate.id), r: [{ __typename: 'Player', id: String(duplicate.id) }] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.player).toEqual({ id: String(fed.levesque.id) });
    expect(res.data._entities).toEqual([{ id: String(fed.levesque.id), surname: 'Lévesque' }]);
  });
});

describe('absolute URLs', () => {
  it('gives export URLs on the host the request came to', async () => {
    const res = await api.gql<any>(`{ ratingList(id: "${fed.november.id}") { exports { txt } } }`);
    expect(res.data.ratingList.exports.txt).toBe(`${api.origin}/exports/lists/${fed.november.id}.txt`);
  });

  it('takes PUBLIC_API_URL (a path prefix kept, no trailing slash) and refuses one that is not an http(s) URL', () => {
    expect(readApiConfig({ PUBLIC_API_URL: 'https://ratings.example.org/api/' }).publicBaseUrl).toBe(
      'https://ratings.example.org/api',
    );
    expect(readApiConfig({}).publicBaseUrl).toBeNull();
    expect(() => readApiConfig({ PUBLIC_API_URL: 'ratings.example.org' })).toThrow(/PUBLIC_API_URL/);
    expect(() => readApiConfig({ PUBLIC_API_URL: 'ftp://ratings.example.org' })).toThrow(/PUBLIC_API_URL/);
  });
});
