import { isPublishedListImmutableError } from '../errors';
import { RatingList, RatingListEntry } from '../entities';
import {
  createTestDatabase,
  makeGame,
  makePlayer,
  makePool,
  makeRatingChange,
  makeRatingChangeGame,
  makeRatingList,
  makeRatingListDiff,
  makeRatingListEntry,
  makeStaffUser,
  makeTournament,
  type TestDatabase,
} from '../testing';

/** Runs plain SQL and returns the error it raised (fails the test if it succeeded). */
async function errorOf(db: TestDatabase, sql: string, parameters: unknown[] = []): Promise<Error> {
  try {
    await db.dataSource.query(sql, parameters);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`expected the database to refuse: ${sql}`);
}

describe('published rating lists are immutable in the database (plain SQL)', () => {
  let db: TestDatabase;
  let published: RatingList;
  let correction: RatingList;
  let label: string;
  let outsiderId: number;
  let gameId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = await makePool(db.dataSource, { code: 'standard' });
    const draft = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-11' });
    const entry = await makeRatingListEntry(db.dataSource, { listId: draft.id, rating: 1843 });
    const tournament = await makeTournament(db.dataSource, { poolId: pool.id });
    const change = await makeRatingChange(db.dataSource, {
      listId: draft.id,
      playerId: entry.playerId,
      tournamentId: tournament.id,
    });
    await makeRatingChangeGame(db.dataSource, { changeId: change.id });
    await makeRatingListDiff(db.dataSource, { listId: draft.id, playerId: entry.playerId });
    await db.dataSource.query(`INSERT INTO rating_list_tournaments (list_id, tournament_id) VALUES ($1, $2)`, [
      draft.id,
      tournament.id,
    ]);
    outsiderId = (await makePlayer(db.dataSource)).id;
    await makeTournament(db.dataSource, { poolId: pool.id }); // one not rated by the list, for the INSERT test
    gameId = (await makeGame(db.dataSource, { tournamentId: tournament.id })).id;
    const officer = await makeStaffUser(db.dataSource);

    // Publishing is the one update a list accepts.
    await db.dataSource.query(
      `UPDATE rating_lists SET status = 'PUBLISHED', published_at = now(), published_by_id = $2 WHERE id = $1`,
      [draft.id, officer.id],
    );
    published = await db.dataSource.getRepository(RatingList).findOneByOrFail({ id: draft.id });
    label = `standard 2026-11 revision 0 (list ${published.id})`;
    // A draft correction of the same period (same pool and date), whose rows could be moved into the original.
    correction = await makeRatingList(db.dataSource, {
      poolId: pool.id,
      period: '2026-11',
      revision: 1,
      correctsListId: published.id,
      reason: 'late tournament',
    });
  });
  afterAll(() => db?.destroy());

  it('publishing a draft worked and recorded who and when', () => {
    expect(published.status).toBe('PUBLISHED');
    expect(published.publishedAt).toBeInstanceOf(Date);
    expect(typeof published.publishedById).toBe('number');
  });

  it.each([
    ['UPDATE', 'rating_lists', `UPDATE rating_lists SET reason = 'edited' WHERE id = $1`],
    ['UPDATE', 'rating_lists', `UPDATE rating_lists SET status = 'DRAFT', published_at = NULL WHERE id = $1`],
    ['DELETE', 'rating_lists', `DELETE FROM rating_lists WHERE id = $1`],
    ['UPDATE', 'rating_list_entries', `UPDATE rating_list_entries SET rating = rating + 1 WHERE list_id = $1`],
    ['DELETE', 'rating_list_entries', `DELETE FROM rating_list_entries WHERE list_id = $1`],
    ['UPDATE', 'rating_changes', `UPDATE rating_changes SET change = 99 WHERE list_id = $1`],
    ['DELETE', 'rating_changes', `DELETE FROM rating_changes WHERE list_id = $1`],
    ['UPDATE', 'rating_change_games', `UPDATE rating_change_games SET change = 99 WHERE list_id = $1`],
    ['DELETE', 'rating_change_games', `DELETE FROM rating_change_games WHERE list_id = $1`],
    ['UPDATE', 'rating_list_diffs', `UPDATE rating_list_diffs SET new_rating = 2999 WHERE list_id = $1`],
    ['DELETE', 'rating_list_diffs', `DELETE FROM rating_list_diffs WHERE list_id = $1`],
    [
      'UPDATE',
      'rating_list_tournaments',
      `UPDATE rating_list_tournaments SET tournament_id = tournament_id WHERE list_id = $1`,
    ],
    ['DELETE', 'rating_list_tournaments', `DELETE FROM rating_list_tournaments WHERE list_id = $1`],
  ])('refuses %s on %s: %s', async (operation, table, sql) => {
    const error = await errorOf(db, sql, [published.id]);
    expect(error.message).toBe(`published rating list ${label} is immutable: ${operation} on ${table} refused`);
    expect(isPublishedListImmutableError(error)).toBe(true);
  });

  it.each([
    [
      'rating_list_entries',
      `INSERT INTO rating_list_entries (list_id, pool_id, effective_date, player_id, rating)
       SELECT id, pool_id, effective_date, $2, 1500 FROM rating_lists WHERE id = $1`,
    ],
    [
      'rating_changes',
      `INSERT INTO rating_changes (list_id, pool_id, effective_date, player_id, tournament_id, score, games)
       SELECT l.id, l.pool_id, l.effective_date, $2, t.id, 0, 0
         FROM rating_lists l JOIN tournaments t ON t.pool_id = l.pool_id WHERE l.id = $1`,
    ],
    [
      'rating_change_games',
      `INSERT INTO rating_change_games (change_id, list_id, game_id, opponent_id, score)
       SELECT c.id, c.list_id, $3, $2, 0 FROM rating_changes c WHERE c.list_id = $1`,
    ],
    ['rating_list_diffs', `INSERT INTO rating_list_diffs (list_id, player_id, new_rating) VALUES ($1, $2, 1500)`],
    [
      'rating_list_tournaments',
      `INSERT INTO rating_list_tournaments (list_id, tournament_id)
       SELECT $1, t.id FROM tournaments t WHERE NOT EXISTS (SELECT 1 FROM rating_list_tournaments r WHERE r.tournament_id = t.id) AND $2::int > 0`,
    ],
  ])('refuses INSERT into %s', async (table, sql) => {
    const parameters =
      table === 'rating_change_games' ? [published.id, outsiderId, gameId] : [published.id, outsiderId];
    const error = await errorOf(db, sql.replace(/\s+/g, ' '), parameters);
    expect(error.message).toBe(`published rating list ${label} is immutable: INSERT on ${table} refused`);
  });

  it('refuses moving a draft row into a published list', async () => {
    await makeRatingListEntry(db.dataSource, { listId: correction.id, playerId: outsiderId });
    const error = await errorOf(db, `UPDATE rating_list_entries SET list_id = $1 WHERE list_id = $2`, [
      published.id,
      correction.id,
    ]);
    expect(error.message).toBe(`published rating list ${label} is immutable: UPDATE on rating_list_entries refused`);
  });

  it('refuses a list inserted as PUBLISHED (a list is born a draft)', async () => {
    const error = await errorOf(
      db,
      `INSERT INTO rating_lists (pool_id, period, period_start, period_end, effective_date, cut_off_date, status,
                                 published_at, rating_system_id, rule_version)
       SELECT pool_id, '2027-01', '2026-12-01', '2026-12-31', '2027-01-01', '2026-12-31', 'PUBLISHED', now(), 'fide', 'x'
         FROM rating_lists WHERE id = $1`,
      [published.id],
    );
    expect(error.message).toBe('a rating list is inserted as a DRAFT and then published (got status PUBLISHED)');
    expect(isPublishedListImmutableError(error)).toBe(true);
  });

  it.each([
    'rating_lists',
    'rating_list_entries',
    'rating_changes',
    'rating_change_games',
    'rating_list_diffs',
    'rating_list_tournaments',
  ])('refuses TRUNCATE %s while a list is published', async (table) => {
    const error = await errorOf(db, `TRUNCATE ${table} CASCADE`);
    expect(error.message).toBe(`TRUNCATE on ${table} refused: published rating lists are immutable`);
  });

  it('refuses an ORM update too, and everything published is still as it was', async () => {
    const entries = db.dataSource.getRepository(RatingListEntry);
    const error = await entries.update({ listId: published.id }, { rating: 1 }).catch((e: unknown) => e);
    expect(isPublishedListImmutableError(error)).toBe(true);

    const counts = await db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM rating_list_entries WHERE list_id = $1) AS entries,
              (SELECT count(*)::int FROM rating_changes WHERE list_id = $1) AS changes,
              (SELECT count(*)::int FROM rating_change_games WHERE list_id = $1) AS games,
              (SELECT count(*)::int FROM rating_list_diffs WHERE list_id = $1) AS diffs,
              (SELECT rating FROM rating_list_entries WHERE list_id = $1) AS rating,
              (SELECT reason FROM rating_lists WHERE id = $1) AS reason`,
      [published.id],
    );
    expect(counts).toEqual([{ entries: 1, changes: 1, games: 1, diffs: 1, rating: 1843, reason: null }]);
  });

  it('lets a draft be written freely: insert, update, delete, and delete the list with its rows', async () => {
    const draft = await makeRatingList(db.dataSource, { poolId: published.poolId });
    const entry = await makeRatingListEntry(db.dataSource, { listId: draft.id, rating: 1500 });
    const change = await makeRatingChange(db.dataSource, { listId: draft.id, playerId: entry.playerId });
    await makeRatingChangeGame(db.dataSource, { changeId: change.id });
    await makeRatingListDiff(db.dataSource, { listId: draft.id, playerId: entry.playerId });
    await db.dataSource.query(`INSERT INTO rating_list_tournaments (list_id, tournament_id) VALUES ($1, $2)`, [
      draft.id,
      change.tournamentId,
    ]);

    await db.dataSource.query(`UPDATE rating_list_entries SET rating = 1510 WHERE list_id = $1`, [draft.id]);
    await db.dataSource.query(`UPDATE rating_change_games SET change = 5 WHERE list_id = $1`, [draft.id]);
    await db.dataSource.query(`UPDATE rating_lists SET effective_date = '2026-12-15' WHERE id = $1`, [draft.id]);
    expect(
      await db.dataSource.query(`SELECT rating, effective_date FROM rating_list_entries WHERE list_id = $1`, [
        draft.id,
      ]),
    ).toEqual([{ rating: 1510, effective_date: '2026-12-15' }]);

    await db.dataSource.query(`DELETE FROM rating_change_games WHERE list_id = $1`, [draft.id]);
    await db.dataSource.query(`DELETE FROM rating_lists WHERE id = $1`, [draft.id]);
    expect(
      await db.dataSource.query(
        `SELECT (SELECT count(*)::int FROM rating_list_entries WHERE list_id = $1) AS entries,
                (SELECT count(*)::int FROM rating_changes WHERE list_id = $1) AS changes,
                (SELECT count(*)::int FROM rating_list_diffs WHERE list_id = $1) AS diffs`,
        [draft.id],
      ),
    ).toEqual([{ entries: 0, changes: 0, diffs: 0 }]);
  });

  // PGlite is a single connection, so two transactions at once need the server.
  (process.env.DATABASE_URL ? it : it.skip)(
    'a row written while the list is being published waits for the publication, then is refused',
    async () => {
      const draft = await makeRatingList(db.dataSource, { poolId: published.poolId });
      const publisher = db.dataSource.createQueryRunner();
      const writer = db.dataSource.createQueryRunner();
      try {
        await publisher.startTransaction();
        await publisher.query(`UPDATE rating_lists SET status = 'PUBLISHED', published_at = now() WHERE id = $1`, [
          draft.id,
        ]);
        const write = writer
          .query(
            `INSERT INTO rating_list_entries (list_id, pool_id, effective_date, player_id)
             SELECT id, pool_id, effective_date, $2 FROM rating_lists WHERE id = $1`,
            [draft.id, outsiderId],
          )
          .then(
            () => 'inserted',
            (error: Error) => error.message,
          );
        // The writer must be blocked on the list's row lock, not finished.
        const raced = await Promise.race([write, new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
        expect(raced).toBe('waiting');
        await publisher.commitTransaction();
        expect(await write).toBe(
          `published rating list standard ${draft.period} revision 0 (list ${draft.id}) is immutable: ` +
            'INSERT on rating_list_entries refused',
        );
      } finally {
        await publisher.release();
        await writer.release();
      }
    },
  );
});
