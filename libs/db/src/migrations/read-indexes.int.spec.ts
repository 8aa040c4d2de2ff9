import type { EntityManager } from 'typeorm';
import { insertColumns } from '../bulk';
import { Player, RatingListEntry } from '../entities';
import { likelyDuplicatesOf } from '../queries/tournament-checks';
import { listExportQuery, listExportRows, type ExportCursor } from '../queries/exports';
import { createTestDatabase, makePool, makeRatingList, type TestDatabase } from '../testing';

/** Enough rows per list that the planner picks indexes on its own (no enable_seqscan tricks). */
const PLAYERS = 10_000;
const LISTS = 3;
const CATEGORIES = ['A', 'B', 'C', 'D', 'E'];

/**
 * The read paths the schema is indexed for, in the shape libs/core and the API are expected to query them.
 * Each must be answered from its index, not by scanning the table.
 */
describe('the indexes serve the reads', () => {
  let db: TestDatabase;
  let listIds: number[];
  let poolId: number;
  let playerId: number;

  const plan = async (sql: string, parameters: unknown[]) => {
    const rows: { 'QUERY PLAN': string }[] = await db.dataSource.query(`EXPLAIN ${sql}`, parameters);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    poolId = (await makePool(db.dataSource)).id;
    const { rows } = await insertColumns(
      db.dataSource.manager,
      Player,
      { surname: Array.from({ length: PLAYERS }, (_, i) => `Indexed${i}`) },
      { returning: ['id'] },
    );
    const playerIds = Int32Array.from(rows, (row) => row.id!);
    playerId = playerIds[42];
    listIds = [];
    for (let l = 0; l < LISTS; l++) {
      const list = await makeRatingList(db.dataSource, { poolId, period: `2026-0${l + 1}` });
      listIds.push(list.id);
      await insertColumns(db.dataSource.manager, RatingListEntry, {
        listId: new Int32Array(PLAYERS).fill(list.id),
        poolId: new Int32Array(PLAYERS).fill(poolId),
        effectiveDate: new Array<string>(PLAYERS).fill(list.effectiveDate),
        playerId: playerIds,
        rating: Float64Array.from({ length: PLAYERS }, (_, i) => (i % 50 === 0 ? NaN : 1000 + ((i * 7919) % 1700))),
        rank: Float64Array.from({ length: PLAYERS }, (_, i) => (i % 50 === 0 ? NaN : i + 1)),
        categoryCode: Array.from({ length: PLAYERS }, (_, i) => CATEGORIES[i % CATEGORIES.length]),
      });
    }
    await db.dataSource.query('ANALYZE rating_list_entries');
  });
  afterAll(() => db?.destroy());

  it('rankings of a category: best first, unrated last, already in index order (no sort)', async () => {
    const sql = `SELECT player_id, rating FROM rating_list_entries
                  WHERE list_id = $1 AND category_code = $2
                  ORDER BY rating DESC NULLS LAST, player_id LIMIT 50`;
    const explained = await plan(sql, [listIds[1], 'C']);
    expect(explained).toContain('ix_rating_list_entries_rankings');
    expect(explained).not.toMatch(/Seq Scan|Sort/);
    const page: { rating: number | null }[] = await db.dataSource.query(sql, [listIds[1], 'C']);
    const ratings = page.map((row) => row.rating!);
    expect(ratings).toHaveLength(50);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('overall rankings page by stored rank', async () => {
    const explained = await plan(
      `SELECT player_id, rating FROM rating_list_entries WHERE list_id = $1 AND rank > $2 ORDER BY rank LIMIT 50`,
      [listIds[0], 100],
    );
    expect(explained).toContain('ix_rating_list_entries_list_id_rank');
    expect(explained).not.toMatch(/Seq Scan|Sort/);
  });

  it('a list export reads each batch from the rank index, ranked by rank then the unranked, without a sort of the list', async () => {
    const { sql, parameters } = listExportQuery(listIds[2], { rank: 5000, playerId: 0 }, 1000);
    const explained = await plan(sql, parameters);
    expect(explained).toContain('ix_rating_list_entries_list_id_rank');
    expect(explained).not.toContain('Seq Scan on rating_list_entries');
    const lines: { rank: number | null; playerId: number }[] = [];
    let after: ExportCursor | null = null;
    for (;;) {
      const batch = await listExportRows(db.dataSource, listIds[2], after, 3_000);
      if (batch.length === 0) break;
      lines.push(...batch);
      after = batch[batch.length - 1];
    }
    const ranked = lines.filter((line) => line.rank !== null);
    expect(lines).toHaveLength(PLAYERS);
    expect(ranked).toHaveLength(PLAYERS - PLAYERS / 50);
    expect(ranked.map((line) => line.rank)).toEqual([...ranked.map((line) => line.rank!)].sort((a, b) => a - b));
    const unranked = lines.slice(ranked.length).map((line) => line.playerId);
    expect(lines.slice(ranked.length).every((line) => line.rank === null)).toBe(true);
    expect(unranked).toEqual([...unranked].sort((a, b) => a - b));
    expect(new Set(lines.map((line) => line.playerId)).size).toBe(PLAYERS);
  });

  it("a player's history in a pool, by date", async () => {
    const sql = `SELECT effective_date, rating FROM rating_list_entries
                  WHERE player_id = $1 AND pool_id = $2 ORDER BY effective_date`;
    const explained = await plan(sql, [playerId, poolId]);
    expect(explained).toContain('ix_rating_list_entries_history');
    // (A handful of rows: the planner may sort them after a bitmap scan, which is cheaper than an ordered scan.)
    expect(explained).not.toContain('Seq Scan');
    expect(
      (await db.dataSource.query(sql, [playerId, poolId])).map((row: { effective_date: string }) => row.effective_date),
    ).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it("a tournament's likely duplicates: each player's same name and birth year through their B-tree, not the trigrams", async () => {
    // 1,000 pairs: a player and, 1,000 rows later, the same name in capitals with the same birth year.
    const { rows } = await insertColumns(
      db.dataSource.manager,
      Player,
      {
        surname: Array.from({ length: 2000 }, (_, i) => (i < 1000 ? `Dupré${i}` : `DUPRÉ${i - 1000}`)),
        birthYear: Int32Array.from({ length: 2000 }, (_, i) => 1950 + (i % 50)),
      },
      { returning: ['id', 'surname'] },
    );
    await db.dataSource.query('ANALYZE players');
    const idOf = new Map(rows.map((row) => [row.surname, row.id!]));
    const probed = [idOf.get('Dupré3')!, idOf.get('Dupré4')!];
    // The function's own statement, explained instead of run.
    const explaining = {
      query: (sql: string, parameters: unknown[]) => db.dataSource.query(`EXPLAIN ${sql}`, parameters),
    } as unknown as EntityManager;
    const explained = ((await likelyDuplicatesOf(explaining, probed)) as unknown as { 'QUERY PLAN': string }[])
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(explained).toContain('ix_players_duplicate_key');
    expect(explained).not.toContain('ix_players_search_name_trgm');
    expect(explained).not.toContain('Seq Scan on players q');
    expect(await likelyDuplicatesOf(db.dataSource.manager, probed)).toEqual([
      {
        playerId: probed[0],
        otherPlayerId: idOf.get('DUPRÉ3'),
        otherSurname: 'DUPRÉ3',
        otherGivenName: null,
        birthYear: 1953,
      },
      {
        playerId: probed[1],
        otherPlayerId: idOf.get('DUPRÉ4'),
        otherSurname: 'DUPRÉ4',
        otherGivenName: null,
        birthYear: 1954,
      },
    ]);
  });
});
