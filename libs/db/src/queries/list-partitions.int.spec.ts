import { isPublishedListImmutableError } from '../errors';
import {
  createTestDatabase,
  makeGame,
  makePlayer,
  makePool,
  makeRatingList,
  makeTournament,
  publishRatingList,
  type TestDatabase,
} from '../testing';
import { dropOrphanedListPartitions, listPartition, listPartitions, writeListPartition } from './list-partitions';

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

  /** A draft with one entry per player, rated 1500, 1600, 1700, written through writeListPartition. */
  async function writtenDraft(players = playerIds) {
    const list = await makeRatingList(db.dataSource, { poolId });
    await db.dataSource.transaction((manager) =>
      writeListPartition(manager, 'rating_list_entries', list.id, (table) =>
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
    const table = listPartition('rating_list_entries', list.id);
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
    expect(await listPartitions(db.dataSource)).not.toContain(
      listPartition(
        'rating_list_entries',
        (await db.dataSource.query(`SELECT max(id)::int AS id FROM rating_lists`))[0].id,
      ),
    );
  });

  it('refuses a published list', async () => {
    const list = await makeRatingList(db.dataSource, { poolId, status: 'PUBLISHED' });
    const error = await errorOf(() =>
      db.dataSource.transaction((manager) =>
        writeListPartition(manager, 'rating_changes', list.id, async () => undefined),
      ),
    );
    expect(error.message).toBe(`rating list ${list.id} is PUBLISHED: its rows cannot be written`);
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
    const table = listPartition('rating_list_entries', list.id);
    const error = await errorOf(() => db.dataSource.query(sql(table)));
    expect(isPublishedListImmutableError(error)).toBe(true);
    expect(error.message).toContain(`(list ${list.id}) is immutable: ${operation} on ${table} refused`);
    expect(await errorOf(() => db.dataSource.query(`TRUNCATE ${table}`))).toHaveProperty(
      'message',
      `TRUNCATE on ${table} refused: published rating lists are immutable`,
    );
  });

  /**
   * A draft's change rows and per-game rows, written like a run's: ids reserved from the changes' sequence, the
   * per-game rows' ids left to the database. `changeOfGame` lets a test name a change the draft does not have.
   */
  async function writtenChanges(changeOfGame = (changeId: number) => changeId) {
    const list = await writtenDraft();
    const tournament = await makeTournament(db.dataSource, { poolId });
    const game = await makeGame(db.dataSource, {
      tournamentId: tournament.id,
      whitePlayerId: playerIds[0],
      blackPlayerId: playerIds[1],
    });
    await db.dataSource.transaction(async (manager) => {
      const [{ id }] = await manager.query(`SELECT nextval(pg_get_serial_sequence('rating_changes', 'id'))::int AS id`);
      await writeListPartition(manager, 'rating_changes', list.id, (table) =>
        manager.query(
          `INSERT INTO ${table} (id, list_id, pool_id, effective_date, player_id, tournament_id, score, games)
           VALUES ($1, $2, $3, $4::date, $5, $6, 1, 1)`,
          [id, list.id, poolId, list.effectiveDate, playerIds[0], tournament.id],
        ),
      );
      await writeListPartition(manager, 'rating_change_games', list.id, (table) =>
        manager.query(
          `INSERT INTO ${table} (change_id, list_id, game_id, opponent_id, score) VALUES ($1, $2, $3, $4, 1)`,
          [changeOfGame(id), list.id, game.id, playerIds[1]],
        ),
      );
    });
    return list;
  }

  it("writes a list's changes and per-game rows into partitions of their own, ids from the parents' sequences", async () => {
    const first = await writtenChanges();
    const second = await writtenChanges();
    const rows: { table: string; listId: number; id: number; changeId: number }[] = await db.dataSource.query(
      `SELECT r.tableoid::regclass::text AS "table", r.list_id AS "listId", r.id, r.change_id AS "changeId"
         FROM rating_change_games r JOIN rating_changes c ON c.id = r.change_id AND c.list_id = r.list_id
        WHERE r.list_id = ANY ($1) ORDER BY r.list_id`,
      [[first.id, second.id]],
    );
    expect(rows.map(({ table, listId }) => ({ table, listId }))).toEqual(
      [first, second].map((list) => ({ table: listPartition('rating_change_games', list.id), listId: list.id })),
    );
    expect(rows[1].id).toBeGreaterThan(rows[0].id);
    expect(rows[1].changeId).toBeGreaterThan(rows[0].changeId);
    const changes = await db.dataSource.query(
      `SELECT tableoid::regclass::text AS "table" FROM rating_changes WHERE list_id = $1`,
      [second.id],
    );
    expect(changes).toEqual([{ table: listPartition('rating_changes', second.id) }]);
    const indexes: { indexname: string }[] = await db.dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
      [listPartition('rating_change_games', second.id)],
    );
    expect(indexes.map((row) => row.indexname)).toEqual(
      [
        'ix_rating_change_games_game_id',
        'pk_rating_change_games',
        'uq_rating_change_games_change_id_game_id_list_id',
      ].map((name) => `${name}_${second.id}`),
    );
  });

  it('checks the per-game rows against their changes when they attach: a change of no such list fails the write', async () => {
    const error = await errorOf(() => writtenChanges((changeId) => changeId + 1_000_000));
    expect((error as { constraint?: string }).constraint).toBe('fk_rating_change_games_change_id_list_id');
    const [{ id }] = await db.dataSource.query(`SELECT max(id)::int AS id FROM rating_lists`);
    // The entries were written before, in a transaction of their own.
    const partitions = await listPartitions(db.dataSource);
    expect(partitions.filter((table) => table.endsWith(`_${id}`))).toEqual([listPartition('rating_list_entries', id)]);
  });

  it("a deleted draft leaves empty partitions, which dropOrphanedListPartitions drops alone, the per-game rows' first", async () => {
    const kept = await writtenChanges();
    const deleted = await writtenChanges();
    await db.dataSource.query(`DELETE FROM rating_lists WHERE id = $1`, [deleted.id]);
    const dropped = await db.dataSource.transaction((manager) => dropOrphanedListPartitions(manager));
    expect(dropped).toEqual(
      ['rating_change_games', 'rating_changes', 'rating_list_entries'].map((table) => `${table}_${deleted.id}`),
    );
    const partitions = await listPartitions(db.dataSource);
    expect(partitions.filter((table) => table.endsWith(`_${kept.id}`))).toHaveLength(3);
    expect(partitions).toEqual(
      expect.arrayContaining(['rating_list_entries_default', 'rating_changes_default', 'rating_change_games_default']),
    );
    expect(partitions.filter((table) => table.endsWith(`_${deleted.id}`))).toEqual([]);
  });
});
