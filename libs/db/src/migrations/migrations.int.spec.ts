import { ENTITIES } from '../entities';
import {
  createTestDatabase,
  makePlayer,
  makeRatingChange,
  makeRatingChangeGame,
  makeRatingList,
  makeStaffUser,
  makeTournament,
  type TestDatabase,
} from '../testing';
import { isPublishedListImmutableError } from '../errors';
import { MIGRATIONS } from './index';

/** What TypeORM would still generate for the entities against the migrated schema (empty = no drift). */
async function pendingSchemaChanges(db: TestDatabase): Promise<string[]> {
  const sql = await db.dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

/** Undoes the latest migrations, down to and including `name` (later migrations first). */
async function undoThrough(db: TestDatabase, name: string): Promise<void> {
  let undone: string | undefined;
  while (undone !== name) {
    const [last] = await db.dataSource.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
    if (!last) throw new Error(`${name} is not applied`);
    await db.dataSource.undoLastMigration({ transaction: 'all' });
    undone = last.name;
  }
}

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('have all run on the fresh database', async () => {
    const rows: { name: string }[] = await db.dataSource.query(`SELECT name FROM migrations ORDER BY id`);
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await db.dataSource.showMigrations()).toBe(false);
  });

  it('leave nothing for TypeORM to generate: entities and schema agree', async () => {
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  it('create the indexes TypeORM cannot express', async () => {
    const rows: { indexname: string; indexdef: string }[] = await db.dataSource.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY ($1) ORDER BY indexname`,
      [['ix_players_duplicate_key', 'ix_players_search_name_trgm', 'ix_rating_list_entries_rankings']],
    );
    expect(rows).toHaveLength(3);
    expect(rows[0].indexdef).toContain(
      'USING btree (player_duplicate_key((surname)::text, (given_name)::text, (birth_year)::integer)) WHERE (merged_into_id IS NULL)',
    );
    expect(rows[1].indexdef).toContain(
      'USING gin (player_search_name((surname)::text, (given_name)::text) gin_trgm_ops)',
    );
    expect(rows[2].indexdef).toContain('(list_id, category_code, rating DESC NULLS LAST, player_id)');
  });

  it('are reversible: down() empties the schema and up() rebuilds it without drift', async () => {
    const tables = () =>
      db.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
            AND relname <> 'migrations'`,
      );
    for (let i = 0; i < MIGRATIONS.length; i++) await db.dataSource.undoLastMigration({ transaction: 'all' });
    expect(await tables()).toEqual([{ n: 0 }]);
    await db.dataSource.runMigrations({ transaction: 'all' });
    expect(await tables()).toEqual([{ n: ENTITIES.length }]);
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  // Last: it alters the schema. Proves the drift check above can fail.
  it('drift check notices a schema that no longer matches the entities', async () => {
    await db.dataSource.query(`DROP INDEX ix_games_white_player_id`);
    expect(await pendingSchemaChanges(db)).toEqual([
      expect.stringContaining('CREATE INDEX "ix_games_white_player_id" ON "games"'),
    ]);
  });
});

describe('the tournament review migration reverted', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db?.destroy());

  const statusOf = async (id: number) =>
    (await db.dataSource.query('SELECT status FROM tournaments WHERE id = $1', [id]))[0].status;
  const REVIEW_MIGRATION = 'TournamentReview1764570000000';
  const lastMigration = async (): Promise<string> =>
    (await db.dataSource.query('SELECT name FROM migrations ORDER BY id DESC LIMIT 1'))[0].name;
  /** Reverts the migrations that came after the review's, then the review's own (which may refuse). */
  const revertReview = async () => {
    while ((await lastMigration()) !== REVIEW_MIGRATION) await db.dataSource.undoLastMigration({ transaction: 'all' });
    await db.dataSource.undoLastMigration({ transaction: 'all' });
  };

  it('refuses while ARBITER accounts exist, naming them, and changes nothing', async () => {
    await makeStaffUser(db.dataSource, { role: 'ARBITER', email: 'arbiter@fed.example' });
    await expect(revertReview()).rejects.toThrow(
      'cannot revert the tournament review: 1 staff account(s) have the ARBITER role, which did not exist before (arbiter@fed.example)',
    );
    expect(await lastMigration()).toBe(REVIEW_MIGRATION);
    const [{ n }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'tournament_status_events'`,
    );
    expect(n).toBe(1);
  });

  it('once no account is an ARBITER: a submission waiting for review becomes a DRAFT, an accepted one SUBMITTED', async () => {
    await makeStaffUser(db.dataSource, { role: 'RATING_OFFICER', active: false, email: 'former-arbiter@fed.example' });
    const waiting = await makeTournament(db.dataSource, { status: 'SUBMITTED' });
    const accepted = await makeTournament(db.dataSource, { status: 'ACCEPTED' });
    const draft = await makeTournament(db.dataSource, { status: 'DRAFT' });
    await revertReview();
    expect(await lastMigration()).not.toBe(REVIEW_MIGRATION);
    expect(await statusOf(waiting.id)).toBe('DRAFT');
    expect(await statusOf(accepted.id)).toBe('SUBMITTED');
    expect(await statusOf(draft.id)).toBe('DRAFT');
    const [{ role }] = await db.dataSource.query(
      `SELECT role FROM staff_users WHERE email = 'former-arbiter@fed.example'`,
    );
    expect(role).toBe('RATING_OFFICER');
  });
});

describe('the migration that partitions the entries by list', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const PARTITION_MIGRATION = 'ListEntriesByList1764620000000';
  const entries = () =>
    db.dataSource.query(
      `SELECT tableoid::regclass::text AS "table", list_id AS "listId", rating FROM rating_list_entries
        ORDER BY list_id, rating`,
    );

  it('moves every list into its own partition, published ones still immutable, and back on down()', async () => {
    await undoThrough(db, PARTITION_MIGRATION);
    const applied = await db.dataSource.query(`SELECT name FROM migrations`);
    expect(applied.map((row: { name: string }) => row.name)).not.toContain(PARTITION_MIGRATION);
    const published = await makeRatingList(db.dataSource, { period: '2026-03' });
    const draft = await makeRatingList(db.dataSource, { period: '2026-04', poolId: published.poolId });
    for (const [list, rating] of [
      [published, 1500],
      [published, 1600],
      [draft, 1700],
    ] as const)
      await db.dataSource.query(
        `INSERT INTO rating_list_entries (list_id, pool_id, effective_date, player_id, rating) VALUES ($1, $2, $3, $4, $5)`,
        [list.id, list.poolId, list.effectiveDate, (await makePlayer(db.dataSource)).id, rating],
      );
    await db.dataSource.query(`UPDATE rating_lists SET status = 'PUBLISHED', published_at = now() WHERE id = $1`, [
      published.id,
    ]);

    await db.dataSource.runMigrations({ transaction: 'all' });
    expect(await entries()).toEqual([
      { table: `rating_list_entries_${published.id}`, listId: published.id, rating: 1500 },
      { table: `rating_list_entries_${published.id}`, listId: published.id, rating: 1600 },
      { table: `rating_list_entries_${draft.id}`, listId: draft.id, rating: 1700 },
    ]);
    const refusal = await db.dataSource
      .query(`UPDATE rating_list_entries SET rating = 1 WHERE list_id = $1`, [published.id])
      .catch((error: Error) => error);
    expect(isPublishedListImmutableError(refusal)).toBe(true);

    await undoThrough(db, PARTITION_MIGRATION);
    expect(await entries()).toEqual(
      [1500, 1600, 1700].map((rating, i) => ({
        table: 'rating_list_entries',
        listId: i < 2 ? published.id : draft.id,
        rating,
      })),
    );
  });
});

describe('the migration that partitions the changes and their per-game rows by list', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const MIGRATION = 'ChangesByList1764670000000';
  const gameRows = () =>
    db.dataSource.query(
      `SELECT r.tableoid::regclass::text AS "table", c.tableoid::regclass::text AS "changeTable", r.list_id AS "listId",
              c.id AS "changeId", c.change
         FROM rating_change_games r JOIN rating_changes c ON c.id = r.change_id AND c.list_id = r.list_id
        ORDER BY c.id`,
    );

  it('moves every list into its own partitions, ids and immutability kept, and back on down()', async () => {
    await undoThrough(db, MIGRATION);
    const published = await makeRatingList(db.dataSource, { period: '2026-03' });
    const draft = await makeRatingList(db.dataSource, { period: '2026-04', poolId: published.poolId });
    for (const [list, change] of [
      [published, 5],
      [published, -3],
      [draft, 8],
    ] as const)
      await makeRatingChangeGame(db.dataSource, {
        changeId: (await makeRatingChange(db.dataSource, { listId: list.id, change })).id,
      });
    await db.dataSource.query(`UPDATE rating_lists SET status = 'PUBLISHED', published_at = now() WHERE id = $1`, [
      published.id,
    ]);
    const before = await gameRows();
    expect(before.map((row: { change: number }) => row.change)).toEqual([5, -3, 8]);

    await db.dataSource.runMigrations({ transaction: 'all' });
    expect(await gameRows()).toEqual(
      before.map((row: { listId: number }) => ({
        ...row,
        table: `rating_change_games_${row.listId}`,
        changeTable: `rating_changes_${row.listId}`,
      })),
    );
    const refusal = await db.dataSource
      .query(`UPDATE rating_change_games SET change = 1 WHERE list_id = $1`, [published.id])
      .catch((error: Error) => error);
    expect(isPublishedListImmutableError(refusal)).toBe(true);
    // The ids go on from where the old sequences were.
    const next = await makeRatingChangeGame(db.dataSource, {
      changeId: (await makeRatingChange(db.dataSource, { listId: draft.id, change: 1 })).id,
    });
    expect(next.changeId).toBeGreaterThan(Math.max(...before.map((row: { changeId: number }) => row.changeId)));

    await undoThrough(db, MIGRATION);
    const after = await gameRows();
    expect(after.slice(0, 3)).toEqual(
      before.map((row: object) => ({ ...row, table: 'rating_change_games', changeTable: 'rating_changes' })),
    );
    expect(after).toHaveLength(4);
  });
});
