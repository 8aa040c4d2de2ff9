import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingList,
  makeRatingListEntry,
  publishRatingList,
  type TestDatabase,
} from '../testing';
import { currentRatingRows, historyPointRows, publishedPoolIdsOfPlayer } from './histories';

describe("a player's lines on the lists, read for his profile", () => {
  let db: TestDatabase;
  let poolId: number;
  let otherPoolId: number;
  let playerId: number;
  let aliasId: number;
  let correctionId: number;

  /** A list of `period` with the player's line rated `rating`, published unless said otherwise. */
  async function listWith(
    pool: number,
    period: string,
    player: number,
    rating: number,
    { corrects = null as number | null, publish = true } = {},
  ) {
    const correction = corrects === null ? {} : { revision: 1, correctsListId: corrects, reason: 'a corrected game' };
    const list = await makeRatingList(db.dataSource, { poolId: pool, period, ...correction });
    await makeRatingListEntry(db.dataSource, { listId: list.id, playerId: player, rating, rank: 1 });
    if (publish) await publishRatingList(db.dataSource, list.id);
    return list.id;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    poolId = (await makePool(db.dataSource)).id;
    otherPoolId = (await makePool(db.dataSource)).id;
    playerId = (await makePlayer(db.dataSource)).id;
    aliasId = (await makePlayer(db.dataSource, { mergedIntoId: playerId })).id;
    await listWith(poolId, '2026-01', playerId, 1500);
    const original = await listWith(poolId, '2026-02', playerId, 1510);
    correctionId = await listWith(poolId, '2026-02', playerId, 1520, { corrects: original });
    await listWith(poolId, '2026-03', playerId, 1530, { publish: false });
    await listWith(otherPoolId, '2026-01', aliasId, 1400);
  });
  afterAll(() => db?.destroy());

  it('gives every published period once, in its latest revision, oldest first; drafts are left out', async () => {
    const points = await historyPointRows(db.dataSource, [playerId], [poolId]);
    expect(points.map(({ period, revision, rating, poolId: pool }) => ({ period, revision, rating, pool }))).toEqual([
      { period: '2026-01', revision: 0, rating: 1500, pool: poolId },
      { period: '2026-02', revision: 1, rating: 1520, pool: poolId },
    ]);
    expect(points[1].effectiveDate).toBe('2026-02-01');
  });

  it("gives the line of the list in force in each pool, and the pools of the player's aliases", async () => {
    const current = await currentRatingRows(db.dataSource, [playerId, aliasId]);
    expect(current.map(({ playerId: player, listId, rating }) => ({ player, listId, rating }))).toEqual([
      { player: playerId, listId: correctionId, rating: 1520 },
      { player: aliasId, listId: expect.any(Number), rating: 1400 },
    ]);
    expect(await publishedPoolIdsOfPlayer(db.dataSource, playerId)).toEqual(
      [poolId, otherPoolId].sort((a, b) => a - b),
    );
  });

  it('plans its reads over every list partition once per connection, not at each profile', async () => {
    const runner = db.dataSource.createQueryRunner();
    try {
      for (let i = 0; i < 2; i++) {
        await historyPointRows(runner.manager, [playerId], [poolId]);
        await currentRatingRows(runner.manager, [playerId]);
        await publishedPoolIdsOfPlayer(runner.manager, playerId);
      }
      // A statement's generic plan lives in a memory context of its own, named after the statement's text.
      const cached: { ident: string }[] = await runner.query(
        `SELECT ident FROM pg_backend_memory_contexts WHERE name = 'CachedPlan' AND ident LIKE '%rating_list_entries e%'`,
      );
      expect(cached).toHaveLength(3);
    } finally {
      await runner.release();
    }
  });
});
