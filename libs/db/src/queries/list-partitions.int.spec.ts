import { isPublishedListImmutableError } from '../errors';
import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingList,
  publishRatingList,
  type TestDatabase,
} from '../testing';
import {
  dropOrphanedEntriesPartitions,
  entriesPartitions,
  listEntriesPartition,
  writeListEntries,
} from './list-partitions';

async function errorOf(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('a list written into a partition of its own', () => {
  let db: TestDatabase;
  let poolId: number;
  let playerIds: number[];
  let outsiderId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    poolId = (await makePool(db.dataSource)).id;
    playerIds = [];
    for (let i = 0; i < 3; i++) playerIds.push((await makePlayer(db.dataSource)).id);
    outsiderId = (await makePlayer(db.dataSource)).id;
  });
  afterAll(() => db?.destroy());

  /** A draft with one entry per player, rated 1500, 1600, 1700, written through writeListEntries. */
  async function writtenDraft(players = playerIds) {
    const list = await makeRatingList(db.dataSource, { poolId });
    await db.dataSource.transaction((manager) =>
      writeListEntries(manager, list.id, (table) =>
        manager.query(
          `INSERT INTO ${table} (list_id, pool_id, effective_date, player_id, rating, rank, listed)
           SELECT $1, $2, $3::date, p, 1400 + 100 * n, 4 - n, true FROM unnest($4::int[]) WITH ORDINALITY AS u(p, n)`,
          [list.id, poolId, list.effectiveDate, players],
        ),
      ),
    );
    return list;
  }

  it('lands in its partition, with the parent indexes and guards, and reads through the parent', async () => {
    const list = await writtenDraft();
    const table = listEntriesPartition(list.id);
    const rows = await db.dataSource.query(
      `SELECT tableoid::regclass::text AS "table", rating FROM rating_list_entries WHERE list_id = $1 ORDER BY rating`,
      [list.id],
    );
    expect(rows).toEqual([1500, 1600, 1700].map((rating) => ({ table, rating })));
    const indexes: { indexname: string }[] = await db.dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
      [table],
    );
    expect(indexes.map((row) => row.indexname)).toEqual(
      ['history', 'list_id_rank', 'rankings']
        .map((name) => `ix_rating_list_entries_${name}_${list.id}`)
        .concat(`pk_rating_list_entries_${list.id}`),
    );
    const triggers: { tgname: string }[] = await db.dataSource.query(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY tgname`,
      [table],
    );
    expect(triggers.map((row) => row.tgname)).toEqual([
      'guard_published_delete',
      'guard_published_insert',
      'guard_published_truncate',
      'guard_published_update',
    ]);
  });

  it('checks the foreign keys when it attaches: a player who does not exist fails the whole write', async () => {
    const error = await errorOf(() => writtenDraft([playerIds[0], 999_999]));
    expect((error as { constraint?: string }).constraint).toBe('fk_rating_list_entries_player_id');
    expect(await entriesPartitions(db.dataSource)).not.toContain(
      listEntriesPartition((await db.dataSource.query(`SELECT max(id)::int AS id FROM rating_lists`))[0].id),
    );
  });

  it('refuses a published list', async () => {
    const list = await makeRatingList(db.dataSource, { poolId, status: 'PUBLISHED' });
    const error = await errorOf(() =>
      db.dataSource.transaction((manager) => writeListEntries(manager, list.id, async () => undefined)),
    );
    expect(error.message).toBe(`rating list ${list.id} is PUBLISHED: its entries cannot be written`);
  });

  it.each([
    ['UPDATE', (table: string) => `UPDATE ${table} SET rating = rating + 1`],
    ['DELETE', (table: string) => `DELETE FROM ${table}`],
    [
      'INSERT',
      (table: string) =>
        `INSERT INTO ${table} (list_id, pool_id, effective_date, player_id)
         SELECT list_id, pool_id, effective_date, ${outsiderId} FROM ${table} LIMIT 1`,
    ],
  ])('once published, its partition named directly refuses %s', async (operation, sql) => {
    const list = await writtenDraft();
    await publishRatingList(db.dataSource, list.id);
    const table = listEntriesPartition(list.id);
    const error = await errorOf(() => db.dataSource.query(sql(table)));
    expect(isPublishedListImmutableError(error)).toBe(true);
    expect(error.message).toContain(`(list ${list.id}) is immutable: ${operation} on ${table} refused`);
    expect(await errorOf(() => db.dataSource.query(`TRUNCATE ${table}`))).toHaveProperty(
      'message',
      `TRUNCATE on ${table} refused: published rating lists are immutable`,
    );
  });

  it('a deleted draft leaves an empty partition, which dropOrphanedEntriesPartitions drops alone', async () => {
    const kept = await writtenDraft();
    const deleted = await writtenDraft();
    await db.dataSource.query(`DELETE FROM rating_lists WHERE id = $1`, [deleted.id]);
    const dropped = await db.dataSource.transaction((manager) => dropOrphanedEntriesPartitions(manager));
    expect(dropped).toEqual([listEntriesPartition(deleted.id)]);
    const partitions = await entriesPartitions(db.dataSource);
    expect(partitions).toContain(listEntriesPartition(kept.id));
    expect(partitions).toContain('rating_list_entries_default');
    expect(partitions).not.toContain(listEntriesPartition(deleted.id));
  });
});
