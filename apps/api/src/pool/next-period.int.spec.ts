import { makePool, makeRatingList, makeTournament } from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

describe('Pool.nextPeriod', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.stop());

  it('is the period after the latest published list, by the pool’s period length, and null with nothing to rate', async () => {
    const monthly = await makePool(api.db, { code: 'monthly' });
    await makeRatingList(api.db, { poolId: monthly.id, period: '2026-11', status: 'PUBLISHED' });
    const quarterly = await makePool(api.db, { code: 'quarterly', periodMonths: 3 });
    await makeRatingList(api.db, { poolId: quarterly.id, period: '2026-09', status: 'PUBLISHED' });
    const fresh = await makePool(api.db, { code: 'fresh' });
    await makeTournament(api.db, {
      poolId: fresh.id,
      startDate: '2026-05-16',
      endDate: '2026-05-17',
      status: 'ACCEPTED',
    });
    await makePool(api.db, { code: 'empty' });

    const res = await api.gql<{ pools: { code: string; nextPeriod: string | null }[] }>(
      '{ pools { code nextPeriod } }',
    );

    expect(res.errors).toBeUndefined();
    expect(res.data!.pools).toEqual([
      { code: 'monthly', nextPeriod: '2026-12' },
      { code: 'quarterly', nextPeriod: '2026-12' },
      { code: 'fresh', nextPeriod: '2026-06' },
      { code: 'empty', nextPeriod: null },
    ]);
  });
});
