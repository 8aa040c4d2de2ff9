import { createApiKey, createStaffUser, mergePlayers, systemActor } from '@ratings/core';
import { makePlayer, makeRatingList, makeTournament, publishRatingList } from '@ratings/core/testing';
import { startTestApi, type TestApi } from './testing/api-harness';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

let api: TestApi;
let fed: SmallFederation;

beforeAll(async () => {
  // No address exempt from quotas: `rateLimit { cost }` answers for the test's own calls.
  api = await startTestApi({ config: { rateLimitExemptIps: new Set() } });
  fed = await buildSmallFederation(api.db);
});
afterAll(() => api?.stop());

const NODE_FIELDS = `__typename nodeId ... on Player { id surname } ... on Tournament { id name }
  ... on RatingList { id period revision } ... on Pool { id code }`;

/** The global ids the API gives the fixture's player, tournament, list and pool. */
async function globalIds() {
  const res = await api.gql<any>(
    `query($player: ID!, $tournament: ID!, $list: ID!) {
      player(id: $player) { nodeId } tournament(id: $tournament) { nodeId } ratingList(id: $list) { nodeId }
      pool(code: "standard") { nodeId } }`,
    { player: String(fed.levesque.id), tournament: String(fed.tournament.id), list: String(fed.november.id) },
  );
  expect(res.errors).toBeUndefined();
  return {
    player: res.data.player.nodeId as string,
    tournament: res.data.tournament.nodeId as string,
    list: res.data.ratingList.nodeId as string,
    pool: res.data.pool.nodeId as string,
  };
}

describe('node and nodes (Relay object identification)', () => {
  it('gives each entity an opaque global id that node() resolves to the same entity', async () => {
    const ids = await globalIds();
    expect(new Set(Object.values(ids)).size).toBe(4);
    for (const id of Object.values(ids)) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    const res = await api.gql<any>(
      `query($p: ID!, $t: ID!, $l: ID!, $o: ID!) {
        p: node(id: $p) { ${NODE_FIELDS} } t: node(id: $t) { ${NODE_FIELDS} }
        l: node(id: $l) { ${NODE_FIELDS} } o: node(id: $o) { ${NODE_FIELDS} } }`,
      { p: ids.player, t: ids.tournament, l: ids.list, o: ids.pool },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      p: { __typename: 'Player', nodeId: ids.player, id: String(fed.levesque.id), surname: 'Lévesque' },
      t: { __typename: 'Tournament', nodeId: ids.tournament, id: String(fed.tournament.id), name: 'Open de Québec' },
      l: { __typename: 'RatingList', nodeId: ids.list, id: String(fed.november.id), period: '2026-11', revision: 0 },
      o: { __typename: 'Pool', nodeId: ids.pool, id: String(fed.pool.id), code: 'standard' },
    });
  });

  it('answers nodes in the order asked, null for malformed, unknown and hidden ids, without an error', async () => {
    const ids = await globalIds();
    const draft = await makeTournament(api.db, {
      poolId: fed.pool.id,
      name: 'Brouillon',
      startDate: '2026-11-10',
      endDate: '2026-11-11',
      rounds: 1,
      status: 'DRAFT',
    });
    const encode = (text: string, encoding: BufferEncoding = 'base64url') => Buffer.from(text).toString(encoding);
    const notNodes = [
      '',
      '!!!',
      String(fed.levesque.id), // the number `id` gives is not a global id
      `Player:${fed.levesque.id}`,
      encode(`Player:${fed.levesque.id}`, 'base64') + '==', // another spelling of a valid id
      encode('Player:999999'),
      encode('Player:99999999999'),
      encode('Player:0'),
      encode('Game:1'),
      encode(`Tournament:${draft.id}`), // a draft, hidden from the public
      'x'.repeat(500),
    ];
    const res = await api.gql<any>(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename nodeId } }`, {
      ids: [ids.list, ...notNodes, ids.player],
    });
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data.nodes).toEqual([
      { __typename: 'RatingList', nodeId: ids.list },
      ...notNodes.map(() => null),
      { __typename: 'Player', nodeId: ids.player },
    ]);
  });

  it('refuses more than a page of ids before running, and charges each id like an entity', async () => {
    const ids = await globalIds();
    const tooMany = await api.gql<any>(`query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }`, {
      ids: Array.from({ length: 101 }, () => ids.player),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'ids' });
    expect(tooMany.errors?.[0].message).toBe('ids: at most 100 entities per request, got 101');

    const costOf = async (count: number) => {
      const res = await api.gql<any>(
        `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Player { surname ratings { rating display rank } } } rateLimit { cost } }`,
        { ids: Array.from({ length: count }, () => ids.player) },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.nodes).toHaveLength(count);
      return res.data.rateLimit.cost as number;
    };
    expect(await costOf(1)).toBe(1);
    // 1 + 100 × (surname 1 + ratings 1 + 8 pools × 3 fields) = 2,601 estimated field resolutions: 3 units.
    expect(await costOf(100)).toBe(3);
  });
});

describe('merged players', () => {
  it('answers the survivor for an old id in player, _entities and node, through a later merge too', async () => {
    const first = await makePlayer(api.db, { surname: 'Gagnon', givenName: 'Luc', birthYear: 1980 });
    const second = await makePlayer(api.db, { surname: 'Gagnon', givenName: 'Luc', birthYear: 1980 });
    const survivor = await makePlayer(api.db, { surname: 'Gagnon', givenName: 'Luc', birthYear: 1980 });
    await mergePlayers(api.db, { keep: second.id, remove: first.id }, systemActor('test'));
    await mergePlayers(api.db, { keep: survivor.id, remove: second.id }, systemActor('test'));
    const oldNodeId = Buffer.from(`Player:${first.id}`).toString('base64url');
    const res = await api.gql<any>(
      `query($id: ID!, $r: [_Any!]!, $node: ID!) {
        player(id: $id) { id nodeId }
        _entities(representations: $r) { ... on Player { id nodeId } }
        node(id: $node) { ... on Player { id nodeId } }
        nodes(ids: [$node]) { ... on Player { id } } }`,
      {
        id: String(first.id),
        r: [
          { __typename: 'Player', id: String(first.id) },
          { __typename: 'Player', id: String(second.id) },
        ],
        node: oldNodeId,
      },
    );
    expect(res.errors).toBeUndefined();
    const answer = { id: String(survivor.id), nodeId: Buffer.from(`Player:${survivor.id}`).toString('base64url') };
    expect(res.data).toEqual({
      player: answer,
      _entities: [answer, answer],
      node: answer,
      nodes: [{ id: String(survivor.id) }],
    });
  });
});

interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
interface ConnectionAnswer {
  totalCount: number;
  pageInfo: PageInfo;
  edges: { cursor: string; node: Record<string, unknown> }[];
}

/** A connection under test: the query around its paging arguments, where it sits in the answer, who asks. */
interface ConnectionUnderTest {
  name: string;
  query: (paging: string) => string;
  pick: (data: any) => ConnectionAnswer;
  headers?: () => Record<string, string>;
}

async function pageOf(connection: ConnectionUnderTest, paging: string): Promise<ConnectionAnswer> {
  const res = await api.gql<any>(connection.query(paging), {}, connection.headers?.());
  expect(res.errors).toBeUndefined();
  const answer = connection.pick(res.data);
  expect(answer.pageInfo.startCursor).toBe(answer.edges[0]?.cursor ?? null);
  expect(answer.pageInfo.endCursor).toBe(answer.edges.at(-1)?.cursor ?? null);
  return answer;
}

const keyOf = (edge: { node: Record<string, unknown> }) => JSON.stringify(edge.node);

/** Every item, page by page from the start (`first`/`after`), checking each page's pageInfo. */
async function readForward(connection: ConnectionUnderTest, size: number): Promise<string[]> {
  const items: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await pageOf(connection, `first: ${size}${after ? `, after: "${after}"` : ''}`);
    items.push(...page.edges.map(keyOf));
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    expect(page.pageInfo.hasNextPage).toBe(items.length < page.totalCount);
    if (!page.pageInfo.hasNextPage) return items;
    after = page.pageInfo.endCursor;
  }
}

/** Every item, page by page from the end (`last`/`before`), checking each page's pageInfo. */
async function readBackward(connection: ConnectionUnderTest, size: number): Promise<string[]> {
  const items: string[] = [];
  let before: string | null = null;
  for (;;) {
    const page = await pageOf(connection, `last: ${size}${before ? `, before: "${before}"` : ''}`);
    expect(page.edges.length).toBe(Math.min(size, page.totalCount - items.length));
    items.unshift(...page.edges.map(keyOf));
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    expect(page.pageInfo.hasPreviousPage).toBe(items.length < page.totalCount);
    if (!page.pageInfo.hasPreviousPage) return items;
    before = page.pageInfo.startCursor;
  }
}

const PASSWORD = 'correct horse battery staple';

describe('backward paging (last/before)', () => {
  let adminToken = '';

  beforeAll(async () => {
    // More tournaments, two of them ending the same day (the id breaks the tie), lists, staff and keys.
    for (const [i, endDate] of ['2026-09-13', '2026-09-13', '2026-08-30', '2026-11-01', '2026-07-05'].entries()) {
      await makeTournament(api.db, {
        poolId: fed.pool.id,
        name: `Tournoi ${i}`,
        startDate: endDate,
        endDate,
        rounds: 1,
        status: 'ACCEPTED',
      });
    }
    // Three earlier published lists: five periods in force.
    for (const period of ['2026-07', '2026-08', '2026-09']) {
      const list = await makeRatingList(api.db, { poolId: fed.pool.id, period, ratingSystemId: 'fqe' });
      await publishRatingList(api.db, list.id);
    }
    const system = systemActor('test');
    for (const role of ['ADMIN', 'RATING_OFFICER', 'ARBITER', 'ARBITER'] as const) {
      const email = `${role.toLowerCase()}${Math.random().toString(36).slice(2, 8)}@fed.example`;
      await createStaffUser(api.db, { email, displayName: role, role, password: PASSWORD }, system);
      if (role === 'ADMIN' && !adminToken) {
        const login = await api.gql<any>(
          `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
          {
            e: email,
            p: PASSWORD,
          },
        );
        adminToken = login.data.login.token;
      }
    }
    for (const name of ['Club A', 'Club B', 'Club C'])
      await createApiKey(api.db, { name, quotaPerMinute: 100 }, system);
  });

  const admin = () => ({ authorization: `Bearer ${adminToken}` });
  const CONNECTIONS: ConnectionUnderTest[] = [
    {
      name: 'players',
      query: (
        paging,
      ) => `{ players(${paging}) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { id surname givenName } } } }`,
      pick: (data) => data.players,
    },
    {
      name: 'players of a club',
      query: (paging) => `{ players(${paging}, club: "Club A") { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`,
      pick: (data) => data.players,
    },
    {
      name: 'rankings',
      query: (paging) => `{ rankings(pool: "standard", ${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { rank rating player { id } } } } }`,
      pick: (data) => data.rankings,
    },
    {
      name: 'rankings of a category',
      query: (paging) => `{ rankings(pool: "standard", category: "A", list: "${fed.october.id}", ${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { rank rating player { id } } } } }`,
      pick: (data) => data.rankings,
    },
    {
      name: 'a list’s entries',
      query: (paging) => `{ ratingList(id: "${fed.october.id}") { entries(${paging}, sex: M) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { rank player { id } } } } } }`,
      pick: (data) => data.ratingList.entries,
    },
    {
      name: 'ratingLists',
      query: (paging) => `{ ratingLists(pool: "standard", ${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id period } } } }`,
      pick: (data) => data.ratingLists,
    },
    {
      name: 'tournaments',
      query: (paging) => `{ tournaments(${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id endDate } } } }`,
      pick: (data) => data.tournaments,
    },
    {
      name: 'staffUsers',
      query: (paging) => `{ staffUsers(${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`,
      pick: (data) => data.staffUsers,
      headers: admin,
    },
    {
      name: 'apiKeys',
      query: (paging) => `{ apiKeys(${paging}) { totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } } }`,
      pick: (data) => data.apiKeys,
      headers: admin,
    },
  ];

  it.each(CONNECTIONS.map((connection) => [connection.name, connection] as const))(
    '%s: read backward from the end, pages give the forward order back, pageInfo right both ways',
    async (_name, connection) => {
      const all = await pageOf(connection, 'first: 100');
      const forward = await readForward(connection, 2);
      // Several pages each way, the list not a whole number of pages.
      expect(forward.length).toBeGreaterThan(2);
      expect(forward).toEqual(all.edges.map(keyOf));
      expect(forward.length).toBe(all.totalCount);
      expect(await readBackward(connection, 2)).toEqual(forward);
      expect(await readBackward(connection, 3)).toEqual(forward);
    },
  );

  it('goes back from a page read forward to the page before it, and forward again from there', async () => {
    const players = CONNECTIONS[0];
    const first = await pageOf(players, 'first: 5');
    const second = await pageOf(players, `first: 5, after: "${first.pageInfo.endCursor}"`);
    const back = await pageOf(players, `last: 5, before: "${second.pageInfo.startCursor}"`);
    expect(back.edges.map(keyOf)).toEqual(first.edges.map(keyOf));
    expect(back.pageInfo).toEqual({ ...first.pageInfo, hasNextPage: true, hasPreviousPage: false });
    const again = await pageOf(players, `first: 5, after: "${back.pageInfo.endCursor}"`);
    expect(again.edges.map(keyOf)).toEqual(second.edges.map(keyOf));
    // Fewer items before the cursor than asked for: the page holds those, and nothing precedes it.
    const short = await pageOf(players, `last: 20, before: "${second.pageInfo.startCursor}"`);
    expect(short.edges.map(keyOf)).toEqual(first.edges.map(keyOf));
    expect(short.pageInfo.hasPreviousPage).toBe(false);
  });

  it('refuses a page asked for in both directions, a backward page from a rank, and a page over the limit', async () => {
    const cursor = (await pageOf(CONNECTIONS[0], 'first: 1')).pageInfo.endCursor;
    const refusals: [string, string][] = [
      [`{ players(first: 2, last: 2) { totalCount } }`, 'last'],
      [`{ players(first: 2, before: "${cursor}") { totalCount } }`, 'before'],
      [`{ players(last: 2, after: "${cursor}") { totalCount } }`, 'last'],
      [`{ players(last: 2, before: "not a cursor") { totalCount } }`, 'before'],
      [`{ rankings(pool: "standard", last: 2, fromRank: 5) { totalCount } }`, 'fromRank'],
    ];
    for (const [query, argument] of refusals) {
      const res = await api.gql(query);
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    const tooLong = await api.gql(`{ players(last: 101) { totalCount } }`);
    expect(tooLong.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooLong.errors?.[0].message).toMatch(/last/);
  });

  it('costs a backward page as a forward page of the same size', async () => {
    const cost = async (paging: string) => {
      const res = await api.gql<any>(
        `{ rankings(pool: "standard", ${paging}) { edges { node { rank player { surname ratings { rating display } } } } } rateLimit { cost } }`,
      );
      expect(res.errors).toBeUndefined();
      return res.data.rateLimit.cost as number;
    };
    // 100 rows × (rank, player with 8 pools' ratings) ≈ 2,200 field resolutions: 3 units; 20 rows: 1.
    expect(await cost('last: 100')).toBe(3);
    expect(await cost('first: 100')).toBe(3);
    expect(await cost('last: 20')).toBe(1);
  });
});
