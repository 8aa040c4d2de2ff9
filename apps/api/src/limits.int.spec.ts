import { createApiKey, createStaffUser, systemActor } from '@ratings/core';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { FAILED_CREDENTIAL_COST, quotaUnits } from './auth/rate-limit';
import { measureOperation } from './limits';
import { buildApiSchema } from './schema';
import { startTestApi, type GraphQLResponse, type TestApi } from './testing/api-harness';
import { fragmentBomb } from './testing/attacks';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

const PASSWORD = 'correct horse battery staple';
/** No address is exempt from the quotas: every test request comes from the loopback. */
const NOBODY_EXEMPT = new Set<string>();

async function post(api: TestApi, body: unknown, headers: Record<string, string> = {}): Promise<GraphQLResponse> {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as object) };
}

const remaining = (res: GraphQLResponse) => Number(res.headers.get('ratelimit-remaining'));

/** The quota units the API charges for `query`, from the same cost model. */
async function unitsOf(query: string, variables: Record<string, unknown> = {}): Promise<number> {
  const { schema } = await buildApiSchema();
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return quotaUnits(measureOperation(schema, document, operation, variables));
}

async function signIn(api: TestApi, email: string): Promise<Record<string, string>> {
  await createStaffUser(
    api.db,
    { email, displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
    systemActor('test'),
  );
  const login = await api.gql<{ login: { token: string } }>(
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
    { e: email, p: PASSWORD },
  );
  return { authorization: `Bearer ${login.data!.login.token}` };
}

describe('operations refused before they run', () => {
  let api: TestApi;
  let fed: SmallFederation;
  beforeAll(async () => {
    api = await startTestApi();
    fed = await buildSmallFederation(api.db);
  });
  afterAll(() => api?.stop());

  it('refuses a document over 15,000 characters or 1,000 tokens before parsing it; comments are not tokens', async () => {
    const long = await post(api, { query: `# ${'x'.repeat(15_000)}\n{ pools { code } }` });
    expect(long.status).toBe(400);
    expect(long.errors).toEqual([
      {
        message: expect.stringContaining('characters long; the limit is 15000'),
        extensions: { code: 'QUERY_TOO_LARGE', limit: 'maxDocumentLength', max: 15_000 },
      },
    ]);

    const tokens = `{ pools { ${'code '.repeat(1_000)} } }`;
    for (const res of [
      await post(api, { query: tokens }),
      await fetch(`${api.graphqlUrl}?query=${encodeURIComponent(tokens)}`, {
        headers: { 'apollo-require-preflight': 'true' },
      }).then(async (r) => ({ status: r.status, ...((await r.json()) as object) }) as GraphQLResponse),
    ]) {
      expect(res.status).toBe(400);
      expect(res.errors?.[0].extensions).toEqual({ code: 'TOO_MANY_TOKENS', limit: 'maxTokens', max: 1_000 });
      expect(res.errors?.[0].message).toContain('more than 1000 tokens');
    }

    const commented = await post(api, { query: `# ${'x'.repeat(14_000)}\n{ pools { code } }` });
    expect(commented.status).toBe(200);
    expect(commented.data).toEqual({ pools: [{ code: 'standard' }] });
  });

  it('refuses an alias flood (aliased __typename included) and a directive flood, naming the limit', async () => {
    const aliases = (n: number, field: string) =>
      `{ pools { ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} } }`;
    expect((await api.gql(aliases(15, 'code'))).errors).toBeUndefined();
    for (const field of ['code', '__typename']) {
      const flood = await api.gql(aliases(16, field));
      expect(flood.status).toBe(400);
      expect(flood.errors).toEqual([
        {
          message: expect.stringContaining('more than 15 aliases'),
          extensions: { code: 'TOO_MANY_ALIASES', limit: 'maxAliases', max: 15 },
        },
      ]);
    }
    const directives = await api.gql(`{ pools { code ${'@include(if: true) '.repeat(51)} } }`);
    expect(directives.status).toBe(400);
    expect(directives.errors?.[0].extensions).toEqual({
      code: 'TOO_MANY_DIRECTIVES',
      limit: 'maxDirectives',
      max: 50,
    });
  });

  it('refuses a fragment bomb as too costly in under 100 ms: each use of a fragment counts, __typename included', async () => {
    // 13 levels, each fragment spread 4 times: 4^12 = 16,777,216 __typename fields in 650 bytes.
    const bomb = fragmentBomb(13, 4);
    expect(bomb.length).toBeLessThan(711);
    // The fastest of five: what the work takes, without the pauses of a busy machine (the first run also compiles).
    const timings: number[] = [];
    let res!: GraphQLResponse;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      res = await api.gql(bomb);
      timings.push(performance.now() - started);
    }
    const fastestMs = Math.min(...timings);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY', limit: 'maxCost', max: 50_000 });
    expect(res.errors?.[0].message).toContain('would resolve about 16777216 fields');
    expect(fastestMs).toBeLessThan(100);

    // 8 levels: 4^7 = 16,384 __typename fields, under the limit, answered (graphql-js merges the repeats).
    const small = await api.gql(fragmentBomb(8, 4));
    expect(small.errors).toBeUndefined();
    expect(small.data).toEqual({ __typename: 'Query' });
  });

  it('caps the root fields that read the database at 10, whatever the fragments; calculator fields are free', async () => {
    const roots = (n: number, field: string) =>
      `{ ${Array.from({ length: n }, (_, i) => `r${i}: ${field}`).join(' ')} }`;
    expect((await api.gql(roots(10, 'pools { code }'))).errors).toBeUndefined();
    const tooMany = await api.gql(roots(11, 'pools { code }'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors).toEqual([
      {
        message:
          'The operation asks for 11 root fields that read the database; the limit is 10. Split it into several requests.',
        extensions: { code: 'TOO_MANY_ROOT_FIELDS', limit: 'maxDatabaseRootFields', max: 10 },
      },
    ]);
    const viaFragments = await api.gql(
      `{ ...A ...A } fragment A on Query { a: pools { code } b: pools { code } c: pools { code } d: pools { code } e: pools { code } f: pools { code } }`,
    );
    expect(viaFragments.errors?.[0].extensions?.code).toBe('TOO_MANY_ROOT_FIELDS');
    const calculator = await api.gql(
      roots(12, 'calculate(rating: 1500, opponent: 1400, score: 1, k: 20) { changeRounded }'),
    );
    expect(calculator.errors).toBeUndefined();
    expect(Object.keys(calculator.data!)).toHaveLength(12);
  });

  it('costs _entities by its representations, caps them at 100, and resolves each representation alone', async () => {
    const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) {
      ... on Player { surname histories { tournaments { games { opponent { surname } change } } } }
      ... on Tournament { name } } }`;
    const player = { __typename: 'Player', id: String(fed.levesque.id) };
    const one = await api.gql<{ _entities: any[] }>(ENTITIES, { r: [player] });
    expect(one.errors).toBeUndefined();
    expect(one.data!._entities[0].surname).toBe('Lévesque');
    // A hundred profiles with their per-game history is beyond the cost limit, whatever the page size says.
    const hundred = await api.gql(ENTITIES, { r: Array.from({ length: 100 }, () => player) });
    expect(hundred.status).toBe(400);
    expect(hundred.errors?.[0].extensions?.code).toBe('QUERY_TOO_COSTLY');
    const tooMany = await api.gql(`query($r: [_Any!]!) { _entities(representations: $r) { __typename } }`, {
      r: Array.from({ length: 101 }, () => player),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors).toEqual([
      {
        message: 'representations: at most 100 entities per request, got 101',
        extensions: { code: 'BAD_USER_INPUT', argument: 'representations' },
      },
    ]);

    const mixed = await api.gql<{ _entities: any[] }>(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Player { surname } ... on Tournament { name } } }`,
      {
        r: [player, { __typename: 'Player', id: 'abc' }, { __typename: 'Tournament', id: String(fed.tournament.id) }],
      },
    );
    expect(mixed.data!._entities).toEqual([{ surname: 'Lévesque' }, null, { name: 'Open de Québec' }]);
    expect(mixed.errors).toEqual([
      expect.objectContaining({
        path: ['_entities', 1],
        extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
      }),
    ]);
  });
});

describe('quotas charged by cost', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      engine: 'pglite',
      config: { anonymousPerMinute: 60, rateLimitExemptIps: NOBODY_EXEMPT },
    });
    await buildSmallFederation(api.db);
  });
  afterAll(() => api?.stop());

  it('takes more of the quota for a costly operation than for a cheap one, and refuses one it cannot pay with 429', async () => {
    const CHEAP = `{ pools { code } }`;
    const COSTLY = `{ rankings(pool: "standard", first: 100) { edges { node { rank player { surname club } } } }
      players(first: 100) { edges { node { surname ratings { rating list { period } } } } } }`;
    const costlyUnits = await unitsOf(COSTLY);
    expect(await unitsOf(CHEAP)).toBe(1);
    expect(costlyUnits).toBeGreaterThan(1);

    const cheap = await api.gql(CHEAP);
    expect(cheap.status).toBe(200);
    expect(remaining(cheap)).toBe(60 - 1);
    const costly = await api.gql(COSTLY);
    expect(costly.errors).toBeUndefined();
    expect(remaining(costly)).toBe(60 - 1 - costlyUnits);

    // Spend the quota down below the costly operation's price, with cheap requests.
    let left = remaining(costly);
    while (left >= costlyUnits) left = remaining(await api.gql(CHEAP));
    const refused = await api.gql(COSTLY);
    expect(refused.status).toBe(429);
    expect(refused.errors).toEqual([
      {
        message: expect.stringContaining(`(this operation costs ${costlyUnits} units)`),
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
      },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    // The arrival unit was paid; the refused operation's price was not.
    expect(remaining(refused)).toBe(left - 1);
    const after = await api.gql(CHEAP);
    expect(after.status).toBe(200);
    expect(remaining(after)).toBe(left - 2);

    // Exports keep their charge of one unit a request.
    const exported = await fetch(`${api.origin}/exports/pools/standard/history-lists.csv`);
    expect(exported.status).toBe(200);
    expect(Number(exported.headers.get('ratelimit-remaining'))).toBe(left - 3);
  });
});

describe('bad credentials cost their address quota', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({
      engine: 'pglite',
      config: { anonymousPerMinute: 35, rateLimitExemptIps: NOBODY_EXEMPT },
    });
  });
  afterEach(() => api?.stop());

  it('charges an invalid token or API key 10 units, and answers 429 once the quota cannot pay for one', async () => {
    expect(FAILED_CREDENTIAL_COST).toBe(10);
    const seen: [number, number][] = [];
    for (const bearer of ['not-a-token', 'rk_0123456789ab_unknown', 'v1.forged.signature', 'rk_nope']) {
      const res = await api.gql(`{ pools { code } }`, {}, { authorization: `Bearer ${bearer}` });
      seen.push([res.status, remaining(res)]);
      if (res.status === 429) {
        expect(res.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      } else {
        expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      }
    }
    // 35 → 25 → 15 → 5; the fourth failure cannot be paid: refused, and the last 5 units are used up.
    expect(seen).toEqual([
      [401, 25],
      [401, 15],
      [401, 5],
      [429, 0],
    ]);
    expect((await api.gql(`{ pools { code } }`)).status).toBe(429);
    // A valid key is judged on its own quota.
    const key = (await createApiKey(api.db, { name: 'Partner', quotaPerMinute: 50 }, systemActor('test'))).secret;
    const withKey = await api.gql(`{ pools { code } }`, {}, { authorization: `Bearer ${key}` });
    expect(withKey.status).toBe(200);
    expect(remaining(withKey)).toBe(49);
  });

  it('charges a refused sign-in 10 units on top of the operation', async () => {
    const LOGIN = `mutation { login(email: "nobody@example.org", password: "wrong password here") { token } }`;
    const units = await unitsOf(LOGIN);
    const refused = await api.gql(LOGIN);
    expect(refused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(remaining(refused)).toBe(35 - units - FAILED_CREDENTIAL_COST);
    const again = await api.gql(LOGIN);
    expect(remaining(again)).toBe(35 - 2 * (units + FAILED_CREDENTIAL_COST));
  });
});

describe('response cache', () => {
  /** Small enough that a few answers of the test federation fill it. */
  const BUDGET = 48 * 1024;
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { responseCacheMaxBytes: BUDGET } });
    await buildSmallFederation(api.db);
  });
  afterAll(() => api?.stop());

  const ROWS = `edges { node { rank rating display provisional change bestPlayer category { code name nameEn }
    player { id surname givenName sex birthYear federation club titles } } }`;
  /** `aliases` pages of the whole ranking (30 rows), under alias names made unique by `tag`. */
  const pages = (tag: string, aliases: number) =>
    `{ ${Array.from({ length: aliases }, (_, i) => `p${tag}_${i}: rankings(pool: "standard", first: 100) { ${ROWS} }`).join(' ')} }`;

  it('keys answers on the normalized operation: comments and whitespace do not make a new entry', async () => {
    const QUERY = `query Top($n: Int) { rankings(pool: "standard", first: $n) { totalCount edges { node { rank } } } }`;
    const first = await api.gql(`# a comment\n${QUERY}`, { n: 3 });
    expect(first.errors).toBeUndefined();
    const entries = api.responseCache.size;
    const statements = await api.countQueries(async () => {
      for (let i = 0; i < 5; i++) {
        const res = await api.gql(`# comment ${i}\n\n   ${QUERY.replace(/ /g, '  \n ')}  # trailing`, { n: 3 });
        expect(res.data).toEqual(first.data);
      }
    });
    expect(statements).toBe(0);
    expect(api.responseCache.size).toBe(entries);
  });

  it('never holds more than its byte budget under many large distinct answers, and does not keep one above the cap', async () => {
    const sizes: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await api.gql(pages(`m${i}`, 2));
      expect(res.errors).toBeUndefined();
      sizes.push(Buffer.byteLength(JSON.stringify({ data: res.data })));
      expect(api.responseCache.bytes).toBeLessThanOrEqual(BUDGET);
    }
    // The premise: 25 answers would take several times the budget, so the cache had to evict.
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(4 * BUDGET);
    expect(api.responseCache.size).toBeGreaterThan(0);
    expect(api.responseCache.size).toBeLessThan(25);
    // The latest answer is still there: asked again, it costs no statement.
    expect(await api.countQueries(() => api.gql(pages('m24', 2)))).toBe(0);

    // Ten pages make an answer larger than the whole budget: served, never kept.
    const big = pages('big', 10);
    const bigAnswer = await api.gql(big);
    expect(Buffer.byteLength(JSON.stringify({ data: bigAnswer.data }))).toBeGreaterThan(BUDGET);
    expect(await api.countQueries(() => api.gql(big))).toBeGreaterThan(0);
    expect(api.responseCache.bytes).toBeLessThanOrEqual(BUDGET);
  });

  it('runs a burst of identical misses once: 20 concurrent requests on a cold cache make one execution', async () => {
    const QUERY = `{ rankings(pool: "standard", sex: M, first: 7) { totalCount edges { node { rank player { surname } } } } }`;
    let answers: GraphQLResponse[] = [];
    const statements: Record<string, number> = {};
    const executions = await api.countQueries(async () => {
      const burst = Promise.all(Array.from({ length: 20 }, () => api.gql(QUERY)));
      statements.rankings = await api.countQueries(async () => {
        statements.all = await api.countQueries(async () => (answers = await burst));
      }, /LEFT JOIN rating_list_entries prev/);
    }, /^START TRANSACTION/);
    // One read transaction begun (one execution), one rankings page read, and no more statements than that run needs.
    expect(executions).toBe(1);
    expect(statements.rankings).toBe(1);
    expect(statements.all).toBeLessThanOrEqual(8 + 3);
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const ranks = (answers[0].data as any).rankings.edges.map((edge: any) => edge.node.rank);
    expect(ranks).toHaveLength(7);
    expect(new Set(answers.map((res) => JSON.stringify(res.data))).size).toBe(1);
  });
});

describe('statement timeout of public reads', () => {
  let api: TestApi;
  let staff: Record<string, string>;
  beforeAll(async () => {
    api = await startTestApi({ config: { publicStatementTimeoutMs: 300, responseCacheSeconds: 0 } });
    await buildSmallFederation(api.db);
    staff = await signIn(api, 'officer@federation.example');
  });
  afterAll(() => api?.stop());

  /** Takes an exclusive lock on the players table (another session's work) and releases it `ms` later. */
  async function lockPlayers(ms: number): Promise<{ released: Promise<void> }> {
    const locker = api.db.createQueryRunner();
    await locker.startTransaction();
    await locker.query('LOCK TABLE players IN ACCESS EXCLUSIVE MODE');
    const released = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
      await locker.rollbackTransaction();
      await locker.release();
    });
    return { released };
  }

  // PGlite runs PostgreSQL without timers: statement_timeout is accepted there and never fires.
  (process.env.DATABASE_URL ? it : it.skip)(
    'cuts a public read held up past 300 ms with 503 QUERY_TIMEOUT; staff reads and writes wait as long as needed',
    async () => {
      const { released } = await lockPlayers(1_500);
      const started = performance.now();
      const [publicRead, staffRead, staffWrite] = await Promise.all([
        api.gql(`{ players(first: 3) { totalCount } }`).then((res) => ({ res, ms: performance.now() - started })),
        api.gql(`{ players(first: 3) { totalCount } }`, {}, staff),
        api.gql(`mutation { createPlayer(input: { surname: "Patient" }) { surname } }`, {}, staff),
      ]);
      await released;

      expect(publicRead.res.status).toBe(503);
      expect(publicRead.res.errors).toEqual([
        {
          message: expect.stringContaining('ran longer than 300 ms, the limit for public reads'),
          extensions: { code: 'QUERY_TIMEOUT', limit: 'publicStatementTimeoutMs', max: 300 },
        },
      ]);
      expect(publicRead.res.data).toBeUndefined();
      expect(publicRead.ms).toBeLessThan(1_500);
      expect(staffRead.errors).toBeUndefined();
      expect(staffRead.data).toEqual({ players: { totalCount: 30 } });
      expect(staffWrite.errors).toBeUndefined();
      expect(staffWrite.data).toEqual({ createPlayer: { surname: 'Patient' } });
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);

      // The cut transaction was rolled back and its connection given back: the next public read is answered.
      const next = await api.gql(`{ players(first: 3) { totalCount } }`);
      expect(next.status).toBe(200);
      expect(next.data).toEqual({ players: { totalCount: 31 } });
    },
  );
});
