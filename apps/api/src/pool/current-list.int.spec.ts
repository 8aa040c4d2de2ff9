import { makePool, makeRatingList } from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

// A list far ahead is upcoming whatever today is; one long past is in force.
const PAST = '2020-01';
const AHEAD = '2099-01';

describe('Pool.currentList and Pool.upcomingList: a list published before its effective date is upcoming', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.stop());

  const POOL_LISTS = `query($code: String!) { pool(code: $code) {
    currentList { id period upcoming } upcomingList { id period effectiveDate upcoming } } }`;

  it('answers the list in force as current and the one published ahead as upcoming', async () => {
    const pool = await makePool(api.db, { code: 'ahead' });
    const inForce = await makeRatingList(api.db, { poolId: pool.id, period: PAST, status: 'PUBLISHED' });
    const ahead = await makeRatingList(api.db, { poolId: pool.id, period: AHEAD, status: 'PUBLISHED' });

    const res = await api.gql<{ pool: any }>(POOL_LISTS, { code: 'ahead' });

    expect(res.errors).toBeUndefined();
    expect(res.data!.pool).toEqual({
      currentList: { id: String(inForce.id), period: PAST, upcoming: false },
      upcomingList: { id: String(ahead.id), period: AHEAD, effectiveDate: '2099-01-01', upcoming: true },
    });
    // The rankings without a list read the one in force too, and the list itself says it is upcoming.
    const ranking = await api.gql<{ rankings: { list: { id: string } } }>(
      '{ rankings(pool: "ahead", first: 1) { list { id } } }',
    );
    expect(ranking.data!.rankings.list).toEqual({ id: String(inForce.id) });
    const list = await api.gql<{ ratingList: { upcoming: boolean } }>(`{ ratingList(id: "${ahead.id}") { upcoming } }`);
    expect(list.data!.ratingList).toEqual({ upcoming: true });
  });

  it('has no current list while the only one published is still to come', async () => {
    const pool = await makePool(api.db, { code: 'first' });
    const ahead = await makeRatingList(api.db, { poolId: pool.id, period: AHEAD, status: 'PUBLISHED' });
    await makeRatingList(api.db, { poolId: pool.id, period: PAST });

    const res = await api.gql<{ pool: any }>(POOL_LISTS, { code: 'first' });

    expect(res.errors).toBeUndefined();
    // The draft is neither: only published lists are in force or upcoming.
    expect(res.data!.pool).toEqual({
      currentList: null,
      upcomingList: { id: String(ahead.id), period: AHEAD, effectiveDate: '2099-01-01', upcoming: true },
    });
    const ranking = await api.gql<{ rankings: { list: null; totalCount: number } }>(
      '{ rankings(pool: "first", first: 1) { list { id } totalCount } }',
    );
    expect(ranking.data!.rankings).toEqual({ list: null, totalCount: 0 });
  });

  it('has no upcoming list once every published list is in force', async () => {
    const pool = await makePool(api.db, { code: 'settled' });
    const inForce = await makeRatingList(api.db, { poolId: pool.id, period: PAST, status: 'PUBLISHED' });

    const res = await api.gql<{ pool: any }>(POOL_LISTS, { code: 'settled' });

    expect(res.data!.pool).toEqual({
      currentList: { id: String(inForce.id), period: PAST, upcoming: false },
      upcomingList: null,
    });
  });
});
