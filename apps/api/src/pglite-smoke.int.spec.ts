import { startTestApi, type TestApi } from './testing/api-harness';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

/** The same API on the embedded database, whatever DATABASE_URL says: what `npm start` runs by default. */
describe('API on the embedded PGlite', () => {
  let api: TestApi;
  let fed: SmallFederation;

  beforeAll(async () => {
    api = await startTestApi({ engine: 'pglite' });
    fed = await buildSmallFederation(api.db);
  });
  afterAll(() => api?.stop());

  it('serves rankings, a profile and the accent-insensitive search', async () => {
    const { data, errors } = await api.gql<any>(
      `query($id: ID!) {
        rankings(pool: "standard", first: 2) { edges { node { rank display player { surname } } } }
        player(id: $id) { ratings { rating display } history(pool: "standard") { points { rating } } }
        players(search: "LEVESQUE") { edges { node { surname } } }
      }`,
      { id: String(fed.junior.id) },
    );
    expect(errors).toBeUndefined();
    expect(data.rankings.edges.map((e: any) => e.node)).toEqual([
      { rank: 1, display: '2450', player: { surname: 'Lévesque' } },
      { rank: 2, display: '2400', player: { surname: 'Tremblay' } },
    ]);
    expect(data.player).toEqual({
      ratings: [{ rating: 2400, display: '2400' }],
      history: { points: [{ rating: 2390 }, { rating: 2400 }] },
    });
    expect(data.players.edges).toEqual([{ node: { surname: 'Lévesque' } }]);
  });

  it('masks an unexpected failure as INTERNAL_SERVER_ERROR without a stack trace, and /healthz says the database is down', async () => {
    await api.db.destroy();
    const res = await api.gql(`{ players { totalCount } }`);
    expect(res.errors).toEqual([
      { message: 'Internal server error', path: ['players'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
    ]);
    const health = await fetch(`${api.origin}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'down', database: { status: 'down' } });
  });
});
