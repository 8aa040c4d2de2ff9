import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RatingList } from './entities';
import { migrate, openDatabase } from './data-source';
import { MIGRATIONS } from './migrations';
import { isPublishedListImmutableError } from './errors';
import { searchPlayersByName } from './queries/player-search';
import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingList,
  makeRatingListEntry,
  publishRatingList,
  type TestDatabase,
} from './testing';

// Runs on the embedded engine even when DATABASE_URL points at a server, so both engines are always covered.
describe('PGlite smoke (always embedded)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ engine: 'pglite' });
  });
  afterAll(() => db?.destroy());

  it('is PGlite, migrated, with no schema drift', async () => {
    expect(db.engine).toBe('pglite');
    expect(db.dataSource.pglite).not.toBeNull();
    expect(await db.dataSource.showMigrations()).toBe(false);
    expect((await db.dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });

  it('has unaccent and pg_trgm: "levesque" finds "Lévesque"', async () => {
    await makePlayer(db.dataSource, { surname: 'Lévesque', givenName: 'Marie' });
    expect((await searchPlayersByName(db.dataSource.manager, 'LEVESQUE')).map((p) => p.surname)).toEqual(['Lévesque']);
  });

  it('enforces published-list immutability', async () => {
    const entry = await makeRatingListEntry(db.dataSource);
    await publishRatingList(db.dataSource, entry.listId);
    const error = await db.dataSource
      .query(`DELETE FROM rating_list_entries WHERE list_id = $1`, [entry.listId])
      .catch((e: unknown) => e);
    expect(isPublishedListImmutableError(error)).toBe(true);
  });
});

describe('PGlite on disk (DATA_DIR)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ratings-db-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps its data across a close and a reopen, and destroy() closes PGlite', async () => {
    const first = await openDatabase({ engine: 'pglite', dataDir }, { logging: false });
    expect(await migrate(first)).toEqual(MIGRATIONS.map((m) => m.name));
    const pool = await makePool(first, { code: 'rapid' });
    const list = await makeRatingList(first, { poolId: pool.id, period: '2026-11' });
    await first.destroy();
    expect(first.pglite!.closed).toBe(true);

    const second = await openDatabase({ engine: 'pglite', dataDir }, { logging: false });
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await second.getRepository(RatingList).findOneByOrFail({ id: list.id })).toMatchObject({
        poolId: pool.id,
        period: '2026-11',
        effectiveDate: '2026-11-01',
        status: 'DRAFT',
      });
    } finally {
      await second.destroy();
    }
  });
});
