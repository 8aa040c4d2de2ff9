import { columnCopy, copyColumns, insertColumns } from './bulk';
import { RatingChange, RatingListEntry, Player, type RatingList } from './entities';
import { BulkInsertError } from './errors';
import { createTestDatabase, makePlayer, makeRatingList, makeTournament, type TestDatabase } from './testing';

/** Three chunks of 1 000 plus a partial one, so chunking is exercised. */
const ROWS = 3_500;
const CHUNK = 1_000;
/** Category codes that break naive array-literal quoting. */
const AWKWARD_TEXT = ['plain', 'with "quotes"', 'back\\slash', 'comma,brace{}', 'NULL', '', ' spaced '];

describe('insertColumns: set-based bulk insert through unnest', () => {
  let db: TestDatabase;
  let list: RatingList;
  let playerIds: number[];

  beforeAll(async () => {
    db = await createTestDatabase();
    list = await makeRatingList(db.dataSource);
    const names = Array.from({ length: ROWS }, (_, i) => `Bulk${i}`);
    const { rows } = await insertColumns(
      db.dataSource.manager,
      Player,
      { surname: names },
      { returning: ['id', 'surname'] },
    );
    const idBySurname = new Map(rows.map((row) => [row.surname!, row.id!]));
    playerIds = names.map((name) => idBySurname.get(name)!);
  });
  afterAll(() => db?.destroy());

  it('round-trips typed arrays, NaN as NULL, booleans as 0/1, awkward text and jsonb', async () => {
    const glicko = Float64Array.from({ length: ROWS }, (_, i) => (i % 5 === 0 ? NaN : 1500 + i / 7));
    const provisional = Uint8Array.from({ length: ROWS }, (_, i) => i % 2);
    const state = playerIds.map((_, i) => (i % 3 === 0 ? null : { carry: [i, 0.25], note: AWKWARD_TEXT[i % 7] }));
    const result = await insertColumns(
      db.dataSource.manager,
      RatingListEntry,
      {
        listId: new Int32Array(ROWS).fill(list.id),
        poolId: new Int32Array(ROWS).fill(list.poolId),
        effectiveDate: playerIds.map(() => list.effectiveDate),
        playerId: Int32Array.from(playerIds),
        rating: Float64Array.from({ length: ROWS }, (_, i) => (i % 4 === 0 ? NaN : 1000 + i)),
        glickoRating: glicko,
        provisional,
        categoryCode: playerIds.map((_, i) => AWKWARD_TEXT[i % 7]),
        systemState: state,
      },
      { chunkSize: CHUNK },
    );
    expect(result).toEqual({ inserted: ROWS, rows: [] });

    const stored = await db.dataSource.getRepository(RatingListEntry).find({ where: { listId: list.id } });
    const byPlayer = new Map(stored.map((entry) => [entry.playerId, entry]));
    expect(stored).toHaveLength(ROWS);
    playerIds.forEach((playerId, i) => {
      const entry = byPlayer.get(playerId)!;
      expect(entry.rating).toBe(i % 4 === 0 ? null : 1000 + i);
      expect(entry.glickoRating).toBe(Number.isNaN(glicko[i]) ? null : glicko[i]);
      expect(entry.provisional).toBe(i % 2 === 1);
      expect(entry.categoryCode).toBe(AWKWARD_TEXT[i % 7]);
      expect(entry.systemState).toEqual(state[i]);
      expect(entry.effectiveDate).toBe(list.effectiveDate);
    });
  });

  it('returns the requested columns of every row, keyed by property', async () => {
    const tournament = await makeTournament(db.dataSource, { poolId: list.poolId });
    const players = playerIds.slice(0, 3);
    const { inserted, rows } = await insertColumns(
      db.dataSource.manager,
      RatingChange,
      {
        listId: [list.id, list.id, list.id],
        poolId: [list.poolId, list.poolId, list.poolId],
        effectiveDate: [list.effectiveDate, list.effectiveDate, list.effectiveDate],
        playerId: players,
        tournamentId: [tournament.id, tournament.id, tournament.id],
        score: [1, 0.5, 0],
        games: [1, 1, 1],
        change: [7.2, -0.4, -6.8],
      },
      { returning: ['id', 'playerId', 'change'] },
    );
    expect(inserted).toBe(3);
    expect(rows.map((row) => [row.playerId, row.change]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [players[0], 7.2],
      [players[1], -0.4],
      [players[2], -6.8],
    ]);
    expect(rows.every((row) => Number.isInteger(row.id))).toBe(true);
  });

  it('writes all chunks or none: a failure in the last chunk leaves nothing behind', async () => {
    const before = await db.dataSource.getRepository(Player).count();
    const surnames = Array.from({ length: 25 }, (_, i) => (i === 24 ? '   ' : `Atomic${i}`)); // blank breaks a CHECK
    await expect(
      insertColumns(db.dataSource.manager, Player, { surname: surnames }, { chunkSize: 10 }),
    ).rejects.toThrow(/ck_players_surname_not_blank/);
    expect(await db.dataSource.getRepository(Player).count()).toBe(before);
  });

  it('joins the caller’s transaction', async () => {
    const before = await db.dataSource.getRepository(Player).count();
    await db.dataSource
      .transaction(async (manager) => {
        await insertColumns(manager, Player, { surname: ['Inside', 'Transaction'] });
        expect(await manager.getRepository(Player).count()).toBe(before + 2);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db.dataSource.getRepository(Player).count()).toBe(before);
  });

  it.each([
    [{ nickname: ['x'] }, 'bulk insert into players.nickname: is not a column of this entity'],
    [{ id: [1] }, 'bulk insert into players.id: is generated by the database and cannot be inserted'],
    [{ titles: [['GM']] }, 'bulk insert into players.titles: is an array column, which unnest cannot fill'],
    [{ surname: ['a', 'b'], birthYear: [1990] }, 'bulk insert into players.birthYear: has 1 values but surname has 2'],
    [
      { surname: ['a'], birthYear: [1990.5] },
      'bulk insert into players.birthYear: row 0: expected an integer from -32768 to 32767, got 1990.5',
    ],
    [
      { surname: ['a'], birthDate: ['12/05/1990'] },
      `bulk insert into players.birthDate: row 0: expected a 'YYYY-MM-DD' date, got "12/05/1990"`,
    ],
    [{ surname: [42] }, 'bulk insert into players.surname: row 0: expected a string, got 42'],
    [{}, 'bulk insert into players: no columns given'],
  ])('names what is wrong with bad columns: %j', async (columns, message) => {
    const attempt = insertColumns(db.dataSource.manager, Player, columns as never);
    await expect(attempt).rejects.toThrow(BulkInsertError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('works with factories of the referenced rows (smoke: one played entry for a new player)', async () => {
    const player = await makePlayer(db.dataSource);
    await insertColumns(db.dataSource.manager, RatingListEntry, {
      listId: [list.id],
      poolId: [list.poolId],
      effectiveDate: [list.effectiveDate],
      playerId: [player.id],
      rating: [2412],
      provisional: [true],
    });
    const entry = await db.dataSource
      .getRepository(RatingListEntry)
      .findOneByOrFail({ listId: list.id, playerId: player.id });
    expect([entry.rating, entry.provisional, entry.listed]).toEqual([2412, true, false]);
  });
});

describe('copyColumns: COPY FROM STDIN on a server, unnest on PGlite', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('round-trips the same values as insertColumns, tabs and newlines in text included, inside the transaction', async () => {
    const list = await makeRatingList(db.dataSource);
    const texts = ['tab\there', 'new\nline', 'cr\rhere', 'back\\slash', '\\N', 'plain'];
    const names = Array.from({ length: 2_500 }, (_, i) => `Copy${i} ${texts[i % texts.length]}`);
    const written = await db.dataSource.transaction(async (manager) => {
      const { rows } = await insertColumns(manager, Player, { surname: names }, { returning: ['id', 'surname'] });
      const ids = new Map(rows.map((row) => [row.surname!, row.id!]));
      const playerIds = Int32Array.from(names, (name) => ids.get(name)!);
      const count = await copyColumns(manager, RatingListEntry, {
        listId: new Int32Array(names.length).fill(list.id),
        poolId: new Int32Array(names.length).fill(list.poolId),
        effectiveDate: names.map(() => list.effectiveDate),
        playerId: playerIds,
        rating: Float64Array.from(names, (_, i) => (i % 3 === 0 ? NaN : 1200 + i)),
        provisional: Uint8Array.from(names, (_, i) => i % 2),
        categoryCode: names.map((_, i) => texts[i % texts.length].slice(0, 16)),
        systemState: names.map((_, i) => (i % 2 ? { text: texts[i % texts.length] } : null)),
      });
      return { count, playerIds };
    });
    expect(written.count).toBe(2_500);
    const stored = await db.dataSource.getRepository(RatingListEntry).find({ where: { listId: list.id } });
    const byPlayer = new Map(stored.map((entry) => [entry.playerId, entry]));
    written.playerIds.forEach((playerId, i) => {
      const entry = byPlayer.get(playerId)!;
      expect(entry.rating).toBe(i % 3 === 0 ? null : 1200 + i);
      expect(entry.provisional).toBe(i % 2 === 1);
      expect(entry.categoryCode).toBe(texts[i % texts.length].slice(0, 16));
      expect(entry.systemState).toEqual(i % 2 ? { text: texts[i % texts.length] } : null);
    });
  });

  it('validates like insertColumns and leaves nothing behind when a value is wrong', async () => {
    const list = await makeRatingList(db.dataSource);
    const player = await makePlayer(db.dataSource);
    await expect(
      db.dataSource.transaction((manager) =>
        copyColumns(manager, RatingListEntry, {
          listId: [list.id, list.id],
          poolId: [list.poolId, list.poolId],
          effectiveDate: [list.effectiveDate, list.effectiveDate],
          playerId: [player.id, player.id],
          rating: [1500, 1.5],
        }),
      ),
    ).rejects.toThrow('rating_list_entries.rating: row 1: expected an integer from -2147483648 to 2147483647, got 1.5');
    expect(await db.dataSource.getRepository(RatingListEntry).countBy({ listId: list.id })).toBe(0);
  });
});

describe('columnCopy: one COPY fed batch by batch', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const batch = (prefix: string, from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);

  it('stores every batch, and the connection answers queries in the same transaction once it ends', async () => {
    const seen = await db.dataSource.transaction(async (manager) => {
      const copy = columnCopy(manager, Player);
      for (let start = 0; start < 7_500; start += 2_500) await copy.write({ surname: batch('Batch', start, 2_500) });
      const written = await copy.end();
      const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM players WHERE surname LIKE 'Batch%'`);
      return { written, count };
    });
    expect(seen).toEqual({ written: 7_500, count: 7_500 });
    const last = await db.dataSource.getRepository(Player).findOneByOrFail({ surname: 'Batch7499' });
    expect(last.givenName).toBeNull();
  });

  it('refuses a batch with other columns, and a wrong value in a later batch leaves nothing of the earlier ones', async () => {
    await expect(
      db.dataSource.transaction(async (manager) => {
        const copy = columnCopy(manager, Player);
        await copy.write({ surname: batch('Mixed', 0, 10) });
        await copy.write({ surname: batch('Mixed', 10, 10), givenName: batch('Given', 10, 10) });
      }),
    ).rejects.toThrow('players: every batch of one COPY names the same columns ("surname")');
    await expect(
      db.dataSource.transaction(async (manager) => {
        const copy = columnCopy(manager, Player);
        await copy.write({ surname: batch('Broken', 0, 3_000) });
        await copy.write({ surname: [...batch('Broken', 3_000, 10), 42 as unknown as string] });
        await copy.end();
      }),
    ).rejects.toThrow('players.surname: row 10: expected a string, got 42');
    const [{ count }] = await db.dataSource.query(
      `SELECT count(*)::int AS count FROM players WHERE surname LIKE 'Broken%' OR surname LIKE 'Mixed%'`,
    );
    expect(count).toBe(0);
  });
});
