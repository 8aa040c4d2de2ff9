import { tournamentChecks, verifyPassword } from '@ratings/core';
import { createTestDatabase, type TestDatabase } from '@ratings/core/testing';
import { EXIT_FAILED, EXIT_OK } from '../cli';
import { runRatings, testDatabaseProvider, type CliResult } from '../testing/cli-harness';

/** Small enough for a test (a few seconds), large enough for several tournaments, categories and the events. */
const SMALL_DEMO = ['--players', '300', '--months', '3', '--seed', '11'];
/** The lists of a three-month demo ending at the demo's fixed last list, and the imported starting list before them. */
const DEMO_PERIODS = ['2026-09', '2026-10', '2026-11'];
const STARTING_LIST = '2026-08';

interface TopRow {
  pool: string;
  rank: number;
  rating: number;
  surname: string;
  national_id: string | null;
}

/** The ten best of each pool's current list (its latest revision). */
const topTen = (db: TestDatabase) =>
  db.dataSource.query(
    `SELECT p.code AS pool, e.rank, e.rating, pl.surname, pl.national_id
     FROM rating_list_entries e
     JOIN (SELECT DISTINCT ON (pool_id) id, pool_id FROM rating_lists WHERE status = 'PUBLISHED' ORDER BY pool_id, effective_date DESC, revision DESC) l ON l.id = e.list_id
     JOIN pools p ON p.id = l.pool_id JOIN players pl ON pl.id = e.player_id
     WHERE e.rank <= 10 ORDER BY p.code, e.rank, pl.national_id NULLS LAST, pl.surname`,
  ) as Promise<TopRow[]>;

/** The summary without its timing, which is the one thing two runs do not share. */
const withoutTiming = (result: CliResult) => result.stdout.replace(/ready in [^:]+:/, 'ready in …:');

describe('ratings seed-demo', () => {
  let db: TestDatabase;
  let twin: TestDatabase;
  let seeded: CliResult;
  const query = <R>(sql: string, parameters: unknown[] = []) => db.dataSource.query(sql, parameters) as Promise<R[]>;
  beforeAll(async () => {
    [db, twin] = [await createTestDatabase(), await createTestDatabase()];
    seeded = await runRatings(['seed-demo', ...SMALL_DEMO], testDatabaseProvider(db));
  });
  afterAll(async () => {
    await db?.destroy();
    await twin?.destroy();
  });

  it('reports progress on stderr and a summary on stdout', () => {
    expect(seeded.code).toBe(EXIT_OK);
    const progress = seeded.stderr.split('\n');
    expect(progress[0]).toBe(
      `Seeding a demo federation into test database (${db.engine}): seed 11, 300 players, lists 2026-09 to 2026-11.`,
    );
    expect(progress).toContain(
      'Created 4 pools: standard (fqe), rapid (fide), blitz (elo-provisional), online (glicko2).',
    );
    expect(
      progress.filter((line) =>
        /^2026-\d\d published \(\d\/3\): tournaments standard \d+, rapid \d+, blitz \d+, online \d+; [\d,]+ games/.test(
          line,
        ),
      ),
    ).toHaveLength(3);
    const summary = seeded.stdout.split('\n');
    expect(summary[0]).toMatch(
      /^Demo federation ready in [\d.]+ s: 300 players \(\d+ joined along the way, \d+ inactive\), \d+ tournaments, [\d,]+ games\.$/,
    );
    for (const [pool, system] of [
      ['standard', 'fqe'],
      ['rapid', 'fide'],
      ['blitz', 'elo-provisional'],
      ['online', 'glicko2'],
    ]) {
      expect(summary).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^  ${pool} +${system} +3 lists +\\d+ tournaments? +[\\d,]+ games +current list \\d+ \\(2026-11, [\\d,]+ listed\\)$`,
          ),
        ),
      );
    }
    expect(summary).toContain(
      '  arbiter   arbiter@demo.example (password "demo arbiter password"): 2 tournaments waiting for review, 1 draft (period 2026-12)',
    );
    expect(summary).toContain(
      'Next: create an officer or administrator account to sign in: ratings create-staff --email <address> --name <name> --role ADMIN',
    );
  });

  it('ends with fresh planner statistics: the tables it filled are analyzed as they ended up', async () => {
    const tables = await query<{ name: string; planned: number; stored: number }>(
      `SELECT c.relname AS name, c.reltuples::int AS planned, t.stored FROM pg_class c JOIN (
         SELECT 'players' AS name, count(*)::int AS stored FROM players
         UNION ALL SELECT 'games', count(*)::int FROM games
         UNION ALL SELECT 'tournament_participants', count(*)::int FROM tournament_participants) t ON t.name = c.relname
       ORDER BY c.relname`,
    );
    expect(tables.map((table) => table.name)).toEqual(['games', 'players', 'tournament_participants']);
    for (const table of tables) {
      expect(table.stored).toBeGreaterThan(0);
      expect({ table: table.name, rows: table.planned }).toEqual({ table: table.name, rows: table.stored });
    }
  });

  it('gives every pool its monthly lists, published, after starting ratings for the systems that need them', async () => {
    const lists = await query<{ pool: string; period: string; revision: number; status: string }>(
      `SELECT p.code AS pool, l.period, l.revision, l.status FROM rating_lists l JOIN pools p ON p.id = l.pool_id WHERE l.revision = 0 ORDER BY p.code, l.period`,
    );
    const periods = (pool: string) => lists.filter((list) => list.pool === pool).map((list) => list.period);
    for (const pool of ['standard', 'rapid', 'blitz']) expect(periods(pool)).toEqual([STARTING_LIST, ...DEMO_PERIODS]);
    expect(periods('online')).toEqual(DEMO_PERIODS);
    expect(lists.every((list) => list.status === 'PUBLISHED')).toBe(true);
    expect(
      await query(
        `SELECT status, count(*)::int AS n FROM tournaments WHERE created_by_staff_id IS NULL GROUP BY status`,
      ),
    ).toEqual([{ status: 'RATED', n: expect.any(Number) }]);
  });

  it('rates believably: top ratings of a strong club player to a grandmaster, players spread over many categories', async () => {
    const tops = await topTen(db);
    for (const pool of ['standard', 'rapid', 'blitz', 'online']) {
      const best = tops.find((row) => row.pool === pool && row.rank === 1);
      expect(best?.rating).toBeGreaterThanOrEqual(1800);
      expect(best?.rating).toBeLessThanOrEqual(2900);
    }
    const categories = await query<{ category_code: string }>(
      `SELECT DISTINCT e.category_code FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id JOIN pools p ON p.id = l.pool_id
       WHERE p.code = 'standard' AND l.period = '2026-11' AND e.listed`,
    );
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const [{ women, juniors, seniors }] = await query<{ women: number; juniors: number; seniors: number }>(
      `SELECT count(*) FILTER (WHERE sex = 'F')::int AS women, count(*) FILTER (WHERE birth_year > 2006)::int AS juniors,
              count(*) FILTER (WHERE birth_year <= 1961)::int AS seniors FROM players`,
    );
    expect(women).toBeGreaterThan(20);
    expect(juniors).toBeGreaterThan(50);
    expect(seniors).toBeGreaterThan(20);
  });

  it('gives the demo arbiter an account and the next period’s tournaments: two waiting for review (one flagged), a draft', async () => {
    const [arbiter] = await query<{ id: number; role: string; active: boolean; password_hash: string }>(
      `SELECT id, role, active, password_hash FROM staff_users WHERE email = 'arbiter@demo.example'`,
    );
    expect(arbiter).toMatchObject({ role: 'ARBITER', active: true });
    expect(await verifyPassword('demo arbiter password', arbiter.password_hash)).toBe(true);
    const tournaments = await query<{ id: number; status: string; end_date: string; created_by_staff_id: number }>(
      `SELECT id, status, end_date, created_by_staff_id FROM tournaments WHERE status <> 'RATED' ORDER BY id`,
    );
    expect(tournaments.map((t) => t.status)).toEqual(['SUBMITTED', 'SUBMITTED', 'DRAFT']);
    for (const tournament of tournaments) {
      expect(tournament.created_by_staff_id).toBe(arbiter.id);
      expect(tournament.end_date.slice(0, 7)).toBe('2026-11');
    }
    const checks = await tournamentChecks(db.dataSource, tournaments[0].id);
    expect(checks.map((check) => check.code)).toContain('LIKELY_DUPLICATE');
  });

  it('merged a duplicate, corrected a result and republished, and marked a few players inactive, as the cli actor', async () => {
    const aliases = await query<{ id: number; merged_into_id: number; national_id: string | null }>(
      'SELECT id, merged_into_id, national_id FROM players WHERE merged_into_id IS NOT NULL',
    );
    expect(aliases).toHaveLength(1);
    expect(aliases[0].national_id).toBeNull();
    expect(
      await query(`SELECT count(*)::int AS n FROM tournament_participants WHERE player_id = $1`, [aliases[0].id]),
    ).toEqual([{ n: 0 }]);

    const [revision] = await query<{ period: string; reason: string; corrects_list_id: number; diffs: number }>(
      `SELECT l.period, l.reason, l.corrects_list_id, (SELECT count(*)::int FROM rating_list_diffs d WHERE d.list_id = l.id) AS diffs
       FROM rating_lists l JOIN pools p ON p.id = l.pool_id WHERE p.code = 'standard' AND l.revision = 1`,
    );
    expect(revision).toMatchObject({
      period: '2026-09',
      reason: 'Correction of one game result reported by the arbiter after publication',
    });
    expect(revision.corrects_list_id).toEqual(expect.any(Number));
    expect(revision.diffs).toBeGreaterThanOrEqual(2);

    const [{ inactive }] = await query<{ inactive: number }>(
      `SELECT count(*)::int AS inactive FROM players WHERE status = 'INACTIVE'`,
    );
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(5);

    const actions = await query<{ action: string; label: string }>(
      `SELECT DISTINCT action, actor_label AS label FROM audit_events ORDER BY action`,
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'createPool',
        'createPlayer',
        'importRatingList',
        'createTournament',
        'recordGames',
        'submitTournament',
        'runRatingPeriod',
        'publishRatingList',
        'mergePlayers',
        'correctGameResult',
        'republishRatingList',
        'updatePlayer',
      ]),
    );
    // Everything but the demo arbiter's own tournaments.
    expect(new Set(actions.map((row) => row.label))).toEqual(new Set(['cli', 'arbiter@demo.example']));
    const arbiters = await query<{ action: string }>(
      `SELECT DISTINCT action FROM audit_events WHERE actor_label = 'arbiter@demo.example' ORDER BY action`,
    );
    expect(arbiters.map((row) => row.action)).toEqual([
      'addParticipants',
      'createPlayer',
      'createTournament',
      'recordGames',
      'submitTournament',
    ]);
  });

  it('builds the same federation from the same seed', async () => {
    const again = await runRatings(['seed-demo', ...SMALL_DEMO, '--quiet'], testDatabaseProvider(twin));
    expect(again.code).toBe(EXIT_OK);
    expect(again.stderr).toBe('');
    expect(withoutTiming(again)).toBe(withoutTiming(seeded));
    const [tops, twinTops] = [await topTen(db), await topTen(twin)];
    expect(tops.length).toBeGreaterThanOrEqual(40);
    expect(twinTops).toEqual(tops);
  });

  it('refuses a database that already has pools, saying how to start from an empty one; --if-empty then does nothing', async () => {
    const refused = await runRatings(['seed-demo', ...SMALL_DEMO], testDatabaseProvider(db));
    expect(refused.code).toBe(EXIT_FAILED);
    const content = /4 pools \(standard, rapid, blitz, online\), 302 players, \d+ tournaments and \d+ rating lists/;
    expect(refused.stderr).toMatch(
      new RegExp(
        `^ratings seed-demo: the database already has ${content.source}: seed-demo builds a federation from nothing\\. Use an empty database: DATA_DIR=`,
        'm',
      ),
    );
    const skipped = await runRatings(['seed-demo', '--if-empty'], testDatabaseProvider(db));
    expect(skipped).toMatchObject({ code: EXIT_OK, stderr: '' });
    expect(skipped.stdout).toMatch(new RegExp(`^The database already has ${content.source}: nothing seeded\\.\n$`));
  });
});
