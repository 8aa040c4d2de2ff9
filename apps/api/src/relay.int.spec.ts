import { mergePlayers, systemActor } from '@ratings/core';
import { makePlayer, makeTournament } from '@ratings/core/testing';
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
