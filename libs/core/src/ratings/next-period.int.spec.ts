import { createTestDatabase, makePool, makeRatingList, makeTournament, type TestDatabase } from '@ratings/db/testing';
import type { Pool } from '@ratings/db';
import { nextRunnablePeriod, periodOutlook, tournamentRatingPeriod } from './next-period';

describe('nextRunnablePeriod', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db?.destroy());

  const tournament = (
    pool: Pool,
    name: string,
    endDate: string,
    status: 'DRAFT' | 'SUBMITTED' | 'ACCEPTED' | 'RATED',
  ) => makeTournament(db.dataSource, { poolId: pool.id, name, startDate: endDate, endDate, status });

  it('is the period after the latest published list, with the accepted tournaments it rates and those it leaves out', async () => {
    const pool = await makePool(db.dataSource, { code: 'standard' });
    await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-10', status: 'PUBLISHED' });
    await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-11', status: 'PUBLISHED' });
    await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-12' }); // a draft does not count
    const late = await tournament(pool, 'Late', '2026-09-13', 'ACCEPTED');
    const open = await tournament(pool, 'Open', '2026-11-08', 'ACCEPTED');
    const review = await tournament(pool, 'Review', '2026-11-15', 'SUBMITTED');
    const waiting = await tournament(pool, 'Waiting', '2026-11-22', 'DRAFT');
    await tournament(pool, 'December', '2026-12-05', 'ACCEPTED');
    await tournament(pool, 'December draft', '2026-12-06', 'DRAFT');

    const next = await nextRunnablePeriod(db.dataSource, 'standard');

    expect(next).toEqual({
      pool: 'standard',
      periodMonths: 1,
      lastPublished: '2026-11',
      period: { period: '2026-12', periodStart: '2026-11-01', periodEnd: '2026-11-30', effectiveDate: '2026-12-01' },
      accepted: [
        { id: late.id, name: 'Late', endDate: '2026-09-13', status: 'ACCEPTED' },
        { id: open.id, name: 'Open', endDate: '2026-11-08', status: 'ACCEPTED' },
      ],
      awaitingReview: [{ id: review.id, name: 'Review', endDate: '2026-11-15', status: 'SUBMITTED' }],
      drafts: [{ id: waiting.id, name: 'Waiting', endDate: '2026-11-22', status: 'DRAFT' }],
    });
  });

  it('steps by the pool’s period length', async () => {
    const pool = await makePool(db.dataSource, { code: 'quarterly', periodMonths: 3 });
    await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-09', status: 'PUBLISHED' });
    const next = await nextRunnablePeriod(db.dataSource, 'quarterly');
    expect(next.period).toEqual({
      period: '2026-12',
      periodStart: '2026-09-01',
      periodEnd: '2026-11-30',
      effectiveDate: '2026-12-01',
    });
  });

  it('before a first list, is the period that rates the earliest accepted tournament', async () => {
    const pool = await makePool(db.dataSource, { code: 'new' });
    await tournament(pool, 'Draft', '2026-03-01', 'DRAFT');
    await tournament(pool, 'Under review', '2026-04-01', 'SUBMITTED');
    const first = await tournament(pool, 'First', '2026-05-17', 'ACCEPTED');
    const next = await nextRunnablePeriod(db.dataSource, 'new');
    expect(next.lastPublished).toBeNull();
    expect(next.period?.period).toBe('2026-06');
    expect(next.accepted.map((t) => t.id)).toEqual([first.id]);
    expect(next.drafts.map((t) => t.name)).toEqual(['Draft']);
  });

  it('is null for a pool with neither a list nor an accepted tournament, its drafts all listed', async () => {
    const pool = await makePool(db.dataSource, { code: 'empty' });
    await tournament(pool, 'Draft', '2026-03-01', 'DRAFT');
    const next = await nextRunnablePeriod(db.dataSource, 'empty');
    expect(next).toMatchObject({ period: null, lastPublished: null, accepted: [] });
    expect(next.drafts.map((t) => t.name)).toEqual(['Draft']);
  });

  it('gives the same outlook for a period the caller names, and refuses an unknown pool or a malformed period', async () => {
    const pool = await makePool(db.dataSource, { code: 'standard' });
    const march = await tournament(pool, 'March', '2026-03-08', 'ACCEPTED');
    await tournament(pool, 'April', '2026-04-08', 'ACCEPTED');
    const outlook = await periodOutlook(db.dataSource, 'standard', '2026-04');
    expect(outlook.period?.periodEnd).toBe('2026-03-31');
    expect(outlook.accepted.map((t) => t.id)).toEqual([march.id]);
    await expect(nextRunnablePeriod(db.dataSource, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(periodOutlook(db.dataSource, 'standard', '2026-4')).rejects.toMatchObject({
      code: 'INVALID_DATE',
      field: 'period',
    });
  });

  it('names the period whose run rates a tournament: the next one for a late tournament, else the one it ended in', async () => {
    const pool = await makePool(db.dataSource, { code: 'quarterly', periodMonths: 3 });
    await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-09', status: 'PUBLISHED' });
    const late = await tournament(pool, 'Late', '2026-05-03', 'DRAFT');
    const later = await tournament(pool, 'Later', '2026-12-13', 'DRAFT');
    expect(await tournamentRatingPeriod(db.dataSource, late)).toEqual({
      period: '2026-12',
      periodStart: '2026-09-01',
      periodEnd: '2026-11-30',
      effectiveDate: '2026-12-01',
    });
    expect((await tournamentRatingPeriod(db.dataSource, later)).period).toBe('2027-03');
  });
});
