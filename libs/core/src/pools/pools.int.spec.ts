import { createTestDatabase, type TestDatabase } from '@ratings/db/testing';
import { systemActor } from '../common/actor';
import { createPool } from './pools.service';

describe('createPool', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('creates a pool rated by a registry system, with its parameters checked', async () => {
    const pool = await createPool(
      db.dataSource,
      { code: 'online', name: 'Online', nameFr: 'En ligne', ratingSystemId: 'glicko2', systemParams: { tau: 0.4 } },
      systemActor('test'),
    );
    expect(pool).toMatchObject({
      code: 'online',
      ratingSystemId: 'glicko2',
      systemParams: { tau: 0.4 },
      periodMonths: 1,
    });
    const [audit] = await db.dataSource.query(`SELECT action, entity_id FROM audit_events WHERE entity_type = 'Pool'`);
    expect(audit).toEqual({ action: 'createPool', entity_id: pool.id });
  });

  it.each([
    [{ code: 'Bad Code', name: 'x', ratingSystemId: 'fide' }, /code/],
    [{ code: 'rapid', name: 'x', ratingSystemId: 'uscf' }, /uscf/],
    [{ code: 'rapid', name: 'x', ratingSystemId: 'glicko2', systemParams: { tau: -1 } }, /params\.tau/],
    [{ code: 'rapid', name: 'x', ratingSystemId: 'fide', periodMonths: 5 }, /periodMonths/],
  ])('refuses %j', async (input, message) => {
    await expect(createPool(db.dataSource, input, systemActor('test'))).rejects.toThrow(message);
  });

  it('refuses a second pool with the same code', async () => {
    await expect(
      createPool(db.dataSource, { code: 'online', name: 'Again', ratingSystemId: 'elo' }, systemActor('test')),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
