import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UTF8_BOM } from '@ratings/core';
import { createTestDatabase, startDatabaseHolder, type TestDatabase } from '@ratings/core/testing';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli';
import { environmentDatabase, type DatabaseProvider } from '../database';
import { runRatings, testDatabaseProvider } from '../testing/cli-harness';

/** Real tournament files, shared with libs/core's import tests. */
const FIXTURES = join(__dirname, '../../../../libs/core/src/imports/__fixtures__');
const DONOSTIA = join(FIXTURES, 'open-internacional-gros-donostia-2010-javafo.trf');
/** Donostia 2010 (libs/core README, "The real files"): 52 players, 89 games played, 4 forfeits, 25 byes. */
const DONOSTIA_PLAYERS = 52;
/** The players of Donostia with a game played over the board: one of the 52 only had byes and forfeits. */
const DONOSTIA_RATED = 51;

describe('the commands, end to end on a database', () => {
  let db: TestDatabase;
  let database: DatabaseProvider;
  let scratch: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    database = testDatabaseProvider(db);
    scratch = await mkdtemp(join(tmpdir(), 'ratings-cli-test-'));
  });
  afterAll(async () => {
    await db?.destroy();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });
  const ratings = (argv: string[], options: Parameters<typeof runRatings>[2] = {}) =>
    runRatings(argv, database, options);
  const query = <R>(sql: string, parameters: unknown[] = []) => db.dataSource.query(sql, parameters) as Promise<R[]>;

  describe('migrate', () => {
    it('refuses other commands on a schema that is behind, applies the migrations and says which, then has nothing to do', async () => {
      const migrations = db.dataSource.migrations.length;
      for (let i = 0; i < migrations; i++) await db.dataSource.undoLastMigration({ transaction: 'all' });

      const refused = await ratings(['run', '--pool', 'standard', '--period', '2026-11']);
      expect(refused).toMatchObject({ code: EXIT_FAILED, stdout: '' });
      expect(refused.stderr).toBe(
        `ratings run: the database schema is not up to date (test database (${db.engine})): run \`ratings migrate\` first\n`,
      );

      const applied = await ratings(['migrate']);
      expect(applied.code).toBe(EXIT_OK);
      expect(applied.stdout).toBe(
        `Applied ${migrations} migrations to test database (${db.engine}):\n${db.dataSource.migrations.map((migration) => `  ${migration.name}\n`).join('')}`,
      );
      expect(await query('SELECT count(*)::int AS n FROM pools')).toEqual([{ n: 0 }]);
      expect((await ratings(['migrate'])).stdout).toBe(
        `The schema of test database (${db.engine}) is up to date: no migration to apply.\n`,
      );
    });
  });

  describe('create-staff', () => {
    it('creates an account from --password-stdin, as the cli actor, storing only a hash', async () => {
      const { code, stdout, stderr } = await ratings(
        [
          'create-staff',
          '--email',
          'Officer@Example.org',
          '--name',
          'Luc Tremblay',
          '--role',
          'RATING_OFFICER',
          '--password-stdin',
        ],
        {
          stdin: 'correct horse battery staple\n',
        },
      );
      expect({ code, stderr }).toEqual({ code: EXIT_OK, stderr: '' });
      const [user] = await query<{ id: number; email: string; role: string; password_hash: string }>(
        "SELECT id, email, role, password_hash FROM staff_users WHERE email = 'officer@example.org'",
      );
      expect(stdout).toBe(`Created staff account ${user.id}: officer@example.org (Luc Tremblay), RATING_OFFICER.\n`);
      expect(user.password_hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
      expect(user.password_hash).not.toContain('correct horse');
      const [event] = await query<{ actor_label: string; actor_staff_id: number | null }>(
        "SELECT actor_label, actor_staff_id FROM audit_events WHERE action = 'createStaffUser' AND entity_id = $1",
        [user.id],
      );
      expect(event).toEqual({ actor_label: 'cli', actor_staff_id: null });
    });

    it('asks twice on a terminal without echoing, and refuses two different passwords', async () => {
      const typed = await ratings(
        ['create-staff', '--email', 'admin@example.org', '--name', 'Marie Roy', '--role', 'ADMIN'],
        { typed: ['long enough password\r', 'long enough password\r'] },
      );
      expect(typed.code).toBe(EXIT_OK);
      expect(typed.stdout).toMatch(/^Created staff account \d+: admin@example\.org \(Marie Roy\), ADMIN\.\n$/);
      expect(typed.stderr).toBe('Password for admin@example.org (12 to 128 characters): \nThe same password again: \n');

      const differ = await ratings(['create-staff', '--email', 'other@example.org', '--name', 'X', '--role', 'ADMIN'], {
        typed: ['long enough password\r', 'long enough passwort\r'],
      });
      expect(differ.code).toBe(EXIT_FAILED);
      expect(differ.stderr).toMatch(/ratings create-staff: the two passwords differ: nothing was created\n$/);
      expect(await query("SELECT id FROM staff_users WHERE email = 'other@example.org'")).toEqual([]);
    });

    it("reports core's refusals in one line with their code, and exits 1", async () => {
      const again = await ratings(
        ['create-staff', '--email', 'officer@example.org', '--name', 'Luc', '--role', 'ADMIN', '--password-stdin'],
        { stdin: 'another long password' },
      );
      expect(again).toEqual({
        code: EXIT_FAILED,
        stdout: '',
        stderr: 'ratings create-staff: CONFLICT: a staff user with e-mail officer@example.org already exists\n',
      });
      const short = await ratings(
        ['create-staff', '--email', 'new@example.org', '--name', 'New', '--role', 'ADMIN', '--password-stdin'],
        { stdin: 'short\n' },
      );
      expect(short.code).toBe(EXIT_FAILED);
      expect(short.stderr).toMatch(/^ratings create-staff: BAD_USER_INPUT: password: .*12.*\n$/);
    });
  });

  describe('create-pool, import-trf, run, publish, export', () => {
    let listId: number;

    it('creates a pool', async () => {
      const created = await ratings([
        'create-pool',
        '--code',
        'open',
        '--name',
        'Open',
        '--name-fr',
        'Ouvert',
        '--system',
        'glicko2',
      ]);
      expect(created).toEqual({
        code: EXIT_OK,
        stderr: '',
        stdout: 'Created pool open (Open / Ouvert), rated with glicko2, monthly lists.\n',
      });
      expect((await ratings(['create-pool', '--code', 'open', '--name', 'Again', '--system', 'fide'])).stderr).toBe(
        'ratings create-pool: CONFLICT: pool "open" already exists\n',
      );
    });

    it('imports a real TRF as a DRAFT, then recognises it and submits it with --submit', async () => {
      const first = await ratings(['import-trf', DONOSTIA, '--pool', 'open']);
      expect(first.code).toBe(EXIT_OK);
      const [tournament] = await query<{ id: number; status: string }>(
        "SELECT id, status FROM tournaments WHERE name = 'XX Open Internacional de Gros'",
      );
      expect(tournament.status).toBe('DRAFT');
      const lines = first.stdout.split('\n');
      expect(lines.slice(0, 3)).toEqual([
        `Imported open-internacional-gros-donostia-2010-javafo.trf into pool open as tournament ${tournament.id} "XX Open Internacional de Gros":`,
        `  players   ${DONOSTIA_PLAYERS}: 0 matched (0 by FIDE id, 0 by national id, 0 by name and birth date), ${DONOSTIA_PLAYERS} created`,
        '  games     89 played, 0 decided without play, 4 forfeits, 25 byes',
      ]);
      expect(first.stdout).toMatch(
        /^ {2}warning   NAME_WITHOUT_COMMA ×51: line 14: player 1 "Mirzoev Azer" has no comma/m,
      );
      expect(lines.slice(-5)).toEqual([
        'It ended on 2010-10-02: it falls in period 2010-11 of pool open (games from 2010-10-01 to 2010-10-31).',
        `Tournament ${tournament.id} is a DRAFT: review it, then submit it and rate the period:`,
        `  ratings submit ${tournament.id}`,
        '  ratings run --pool open --period 2010-11',
        '',
      ]);

      const second = await ratings(['import-trf', DONOSTIA, '--pool', 'open', '--submit']);
      expect(second).toEqual({
        code: EXIT_OK,
        stderr: '',
        stdout:
          `open-internacional-gros-donostia-2010-javafo.trf was already imported into pool open as tournament ${tournament.id} "XX Open Internacional de Gros": nothing imported again.\n` +
          `Submitted tournament ${tournament.id}: DRAFT → ACCEPTED.\n` +
          'It ended on 2010-10-02: it falls in period 2010-11 of pool open (games from 2010-10-01 to 2010-10-31).\n' +
          `Tournament ${tournament.id} is ACCEPTED: rate its period with\n` +
          '  ratings run --pool open --period 2010-11\n',
      });
      expect(await query('SELECT status FROM tournaments WHERE id = $1', [tournament.id])).toEqual([
        { status: 'ACCEPTED' },
      ]);

      const third = await ratings(['import-trf', DONOSTIA, '--pool', 'open', '--submit']);
      expect(third.stdout.split('\n').slice(0, 2)).toEqual([
        `open-internacional-gros-donostia-2010-javafo.trf was already imported into pool open as tournament ${tournament.id} "XX Open Internacional de Gros": nothing imported again.`,
        `Tournament ${tournament.id} was already ACCEPTED: not submitted again.`,
      ]);
      expect(await ratings(['import-trf', DONOSTIA, '--pool', 'open', '--quiet'])).toEqual({
        code: EXIT_OK,
        stderr: '',
        stdout: `${tournament.id}\n`,
      });
    });

    it('says which file it cannot read, and passes on a refused import in one line', async () => {
      const missing = await ratings(['import-trf', join(scratch, 'nowhere.trf'), '--pool', 'open']);
      expect(missing).toEqual({
        code: EXIT_FAILED,
        stdout: '',
        stderr: `ratings import-trf: cannot read ${join(scratch, 'nowhere.trf')}: no such file\n`,
      });
      const broken = join(scratch, 'broken.trf');
      await writeFile(
        broken,
        '012 Nothing but a name\n001    1 m    Doe John   2000 CAN         0 1990        1.0    1  9999 w 1\n',
      );
      const refused = await ratings(['import-trf', broken, '--pool', 'open']);
      expect(refused.code).toBe(EXIT_FAILED);
      expect(refused.stderr).toMatch(
        /^ratings import-trf: BAD_USER_INPUT: content: broken\.trf is not a valid TRF: line \d+, column \d+: .+\n$/,
      );
    });

    it('runs the period: the report on stdout, the draft and the next command named, progress on stderr', async () => {
      const { code, stdout, stderr } = await ratings(['run', '--pool', 'open', '--period', '2010-11']);
      expect(code).toBe(EXIT_OK);
      [listId] = (await query<{ id: number }>("SELECT id FROM rating_lists WHERE period = '2010-11'")).map(
        (row) => row.id,
      );
      expect(stdout.split('\n')).toEqual([
        `Rating list ${listId}: pool open, period 2010-11 (effective 2010-11-01), DRAFT`,
        '  games from   2010-10-01 to 2010-10-31',
        '  tournaments  1',
        '  games        89 rated',
        `  players      ${DONOSTIA_RATED} (${DONOSTIA_RATED} listed)`,
        `  changes      ${DONOSTIA_RATED} rating changes, 178 per-game rows`,
        `The list is a DRAFT: review it (ratings export ${listId} --draft --format csv --out open-2010-11-draft.csv), then publish it:`,
        `  ratings publish ${listId}`,
        '',
      ]);
      expect(stderr).toMatch(/^Rated pool open, period 2010-11 in [\d.]+ (ms|s)\.\n$/);

      expect((await ratings(['run', '--pool', 'open', '--period', 'November'])).stderr).toBe(
        `ratings run: INVALID_DATE: period: must be a month written 'YYYY-MM' (got "November")\n`,
      );
      expect((await ratings(['run', '--pool', 'closed', '--period', '2010-11'])).stderr).toBe(
        'ratings run: NOT_FOUND: pool closed does not exist\n',
      );
    });

    it('exports a draft only when asked to, then publishes it once', async () => {
      const hidden = await ratings(['export', String(listId), '--format', 'csv']);
      expect(hidden).toEqual({
        code: EXIT_FAILED,
        stdout: '',
        stderr: `ratings export: NOT_FOUND: Rating list ${listId} does not exist\n`,
      });
      const draft = await ratings(['export', 'open:2010-11', '--format', 'json', '--draft']);
      expect(JSON.parse(draft.stdout).list).toMatchObject({ id: listId, status: 'DRAFT' });

      // A webhook registered: the CLI's publication queues its event in the outbox, for the API to deliver.
      await query(`INSERT INTO webhooks (url, secret) VALUES ('https://receiver.example/hook', 'sixteen characters+')`);
      const published = await ratings(['publish', String(listId)]);
      expect(published.code).toBe(EXIT_OK);
      const [queued] = await query<{ event_type: string; body: string; status: string }>(
        'SELECT event_type, body, status FROM webhook_deliveries',
      );
      expect([queued.event_type, queued.status, JSON.parse(queued.body).data.list.id]).toEqual([
        'rating-list.published',
        'PENDING',
        listId,
      ]);
      expect(published.stdout.split('\n').slice(0, 2)).toEqual([
        `Published rating list ${listId}: pool open, period 2010-11, revision 0, in force from 2010-11-01.`,
        `  ${DONOSTIA_RATED} players (${DONOSTIA_RATED} listed), 1 tournament now RATED, 89 games.`,
      ]);
      expect(await query("SELECT status FROM tournaments WHERE name = 'XX Open Internacional de Gros'")).toEqual([
        { status: 'RATED' },
      ]);
      expect((await ratings(['publish', String(listId)])).stderr).toBe(
        `ratings publish: CONFLICT: list 2010-11 revision 0 is already published\n`,
      );
      expect((await ratings(['publish', 'open:2010-12'])).stderr).toBe(
        'ratings publish: pool open has no draft list for 2010-12: rate it first with `ratings run --pool open --period 2010-12`\n',
      );
      expect((await ratings(['publish', 'open/2010-12'])).code).toBe(EXIT_USAGE);
    });

    it('exports the published list as CSV to stdout, ranked, the same by id and by pool:period', async () => {
      const { code, stdout, stderr } = await ratings(['export', String(listId), '--format', 'csv']);
      expect({ code, stderr }).toEqual({ code: EXIT_OK, stderr: '' });
      expect(stdout.startsWith(UTF8_BOM)).toBe(true);
      const [header, ...rows] = stdout.slice(UTF8_BOM.length).trimEnd().split('\r\n');
      expect(header).toBe(
        'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed,inactive',
      );
      expect(rows).toHaveLength(DONOSTIA_RATED);
      const ranks = rows.map((row) => Number(row.split(',')[0]));
      expect(ranks[0]).toBe(1);
      expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
      const ratingsByRank = rows.map((row) => Number(row.split(',')[11]));
      expect([...ratingsByRank].sort((a, b) => b - a)).toEqual(ratingsByRank);
      const mirzoev = rows.find((row) => row.includes(',13400304,'));
      expect(mirzoev).toMatch(/^\d+,\d+,,13400304,Mirzoev Azer,,AZE,M,GM,1978,,\d{4},/);
      expect((await ratings(['export', 'open:2010-11', '--format', 'csv'])).stdout).toBe(stdout);
    });

    it('exports JSON, FIDE TXT and XML, to a file with --out, leaving no partial file', async () => {
      const json = JSON.parse((await ratings(['export', String(listId), '--format', 'json'])).stdout);
      expect(json.list).toMatchObject({
        id: listId,
        pool: 'open',
        period: '2010-11',
        status: 'PUBLISHED',
        ratingSystemId: 'glicko2',
      });
      expect(json.entries).toHaveLength(DONOSTIA_RATED);
      expect(json.entries[0]).toMatchObject({ rank: 1, listed: true });
      const txt = (await ratings(['export', String(listId), '--format', 'txt'])).stdout;
      expect(txt).toMatch(/^ID Number +Name +Fed Sex Tit +WTit OTit +FOA NOV10 Gms K +B-day Flag/);
      expect(txt).toMatch(/^\d+ +Mirzoev Azer +AZE M +GM +\d{4} +4 +1978 +p/m);

      const file = join(scratch, 'open-2010-11.xml');
      const written = await ratings(['export', String(listId), '--format', 'xml', '--out', file]);
      expect(written.code).toBe(EXIT_OK);
      const xml = await readFile(file, 'utf8');
      expect(written.stdout).toBe(
        `Wrote ${file}: list ${listId} (pool open, period 2010-11, revision 0, PUBLISHED), xml, ${Buffer.byteLength(xml).toLocaleString('en-US')} bytes.\n`,
      );
      expect(xml).toMatch(/^<\?xml/);
      expect(xml.match(/<player>/g)).toHaveLength(DONOSTIA_RATED);
      expect((await readdir(scratch)).filter((name) => name.endsWith('.partial'))).toEqual([]);

      const nowhere = join(scratch, 'missing-folder', 'list.csv');
      const failed = await ratings(['export', String(listId), '--format', 'csv', '--out', nowhere]);
      expect(failed.code).toBe(EXIT_FAILED);
      expect(failed.stderr).toMatch(
        new RegExp(`^ratings export: cannot write ${nowhere.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ENOENT`),
      );
      expect(existsSync(`${nowhere}.partial`)).toBe(false);
    });

    it('shows progress as one line rewritten in place on a terminal', async () => {
      const { stderr } = await ratings(['export', String(listId), '--format', 'csv'], { terminalOutput: true });
      expect(stderr).toContain(
        `\r\x1b[2KExporting list ${listId} (pool open, period 2010-11, revision 0, PUBLISHED): `,
      );
      expect(stderr.endsWith('\r\x1b[2K')).toBe(true);
      expect(stderr).not.toContain('\n');
    });
  });
});

describe('submit, and run without --period', () => {
  let db: TestDatabase;
  let database: DatabaseProvider;
  beforeEach(async () => {
    db = await createTestDatabase();
    database = testDatabaseProvider(db);
  });
  afterEach(() => db?.destroy());
  const ratings = (argv: string[]) => runRatings(argv, database);

  /** A monthly pool `open` holding Donostia 2010 (ended 2010-10-02) as a DRAFT; its id. */
  async function poolWithDraft(): Promise<number> {
    await ratings(['create-pool', '--code', 'open', '--name', 'Open', '--system', 'elo']);
    const imported = await ratings(['import-trf', DONOSTIA, '--pool', 'open', '--quiet']);
    return Number(imported.stdout);
  }

  it('submits a DRAFT, naming its period and the run, and refuses it twice or a malformed id', async () => {
    const id = await poolWithDraft();
    expect(await ratings(['submit', String(id)])).toEqual({
      code: EXIT_OK,
      stderr: '',
      stdout:
        `Submitted tournament ${id} "XX Open Internacional de Gros" (ended 2010-10-02): DRAFT → ACCEPTED.\n` +
        'The run of pool open, period 2010-11, rates it:\n' +
        '  ratings run --pool open --period 2010-11\n',
    });
    expect(await ratings(['submit', String(id)])).toMatchObject({
      code: EXIT_FAILED,
      stderr: `ratings submit: CONFLICT: tournament ${id} is already ACCEPTED\n`,
    });
    expect((await ratings(['submit', 'open'])).code).toBe(EXIT_USAGE);
  });

  it('refuses a pool with nothing submitted, naming the DRAFT waiting, then rates the next period once it is submitted', async () => {
    const id = await poolWithDraft();
    expect(await ratings(['run', '--pool', 'open'])).toEqual({
      code: EXIT_FAILED,
      stdout: '',
      stderr:
        'ratings run: pool open has no published list and no ACCEPTED tournament yet: there is no period to rate.\n' +
        '1 DRAFT tournament waiting to be submitted:\n' +
        `  ${id} "XX Open Internacional de Gros" (ended 2010-10-02): ratings submit ${id}\n`,
    });
    expect(await ratings(['run', '--pool', 'open', '--period', '2010-11'])).toMatchObject({
      code: EXIT_FAILED,
      stderr:
        'ratings run: nothing to rate in pool open, period 2010-11: no ACCEPTED tournament ended by 2010-10-31.\n' +
        '1 DRAFT tournament waiting to be submitted:\n' +
        `  ${id} "XX Open Internacional de Gros" (ended 2010-10-02): ratings submit ${id}\n` +
        'To write the list without tournaments on purpose: ratings run --pool open --period 2010-11 --allow-empty\n',
    });
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM rating_lists')).toEqual([{ n: 0 }]);

    await ratings(['submit', String(id)]);
    const run = await ratings(['run', '--pool', 'open']);
    expect(run.code).toBe(EXIT_OK);
    expect(run.stdout.split('\n').slice(1, 3)).toEqual(['  games from   2010-10-01 to 2010-10-31', '  tournaments  1']);
    expect(run.stdout).toMatch(/^Rating list \d+: pool open, period 2010-11 \(effective 2010-11-01\), DRAFT\n/);
  });

  it('rates the period after the latest published list, and an empty one only with --allow-empty', async () => {
    const id = await poolWithDraft();
    await ratings(['submit', String(id)]);
    await ratings(['run', '--pool', 'open']);
    expect((await ratings(['publish', 'open:2010-11'])).code).toBe(EXIT_OK);

    expect((await ratings(['run', '--pool', 'open'])).stderr).toBe(
      'ratings run: nothing to rate in pool open, period 2010-12: no ACCEPTED tournament ended by 2010-11-30.\n' +
        'To write the list without tournaments on purpose: ratings run --pool open --period 2010-12 --allow-empty\n',
    );
    const empty = await ratings(['run', '--pool', 'open', '--allow-empty']);
    expect(empty.code).toBe(EXIT_OK);
    expect(empty.stdout.split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^Rating list \d+: pool open, period 2010-12 \(effective 2010-12-01\), DRAFT$/),
      '  games from   2010-11-01 to 2010-11-30',
      '  tournaments  0',
    ]);
    // A period already published is the run's own refusal.
    expect((await ratings(['run', '--pool', 'open', '--period', '2010-11'])).stderr).toBe(
      'ratings run: CONFLICT: list open 2010-11 is already published; correct it with a republication\n',
    );
  });
});

describe('the database named by the environment', () => {
  it('migrates a new PGlite database in DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ratings-cli-data-'));
    try {
      const env = { DATA_DIR: dataDir };
      const { code, stdout } = await runRatings(['migrate'], environmentDatabase(env), { env });
      expect(code).toBe(EXIT_OK);
      const [first, ...names] = stdout.trimEnd().split('\n');
      expect(first).toBe(`Applied ${names.length} migrations to PGlite in ${join(dataDir, 'pglite')}:`);
      expect(names.length).toBeGreaterThanOrEqual(2);
      for (const name of names) expect(name).toMatch(/^ {2}\w+\d{13}$/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses in one line an embedded database another process holds (`npm start`'s API), naming it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ratings-cli-data-'));
    const api = startDatabaseHolder(dataDir, 'ratings-api');
    try {
      await api.waitFor(/holding/);
      const { since } = JSON.parse(await readFile(join(dataDir, 'pglite.lock'), 'utf8'));
      const env = { DATA_DIR: dataDir };
      const created = await runRatings(
        [
          'create-staff',
          '--email',
          'officer@fed.example',
          '--name',
          'Officer',
          '--role',
          'RATING_OFFICER',
          '--password-stdin',
        ],
        environmentDatabase(env),
        { env, stdin: 'a long enough password\n' },
      );
      expect(created).toEqual({
        code: EXIT_FAILED,
        stdout: '',
        stderr:
          `ratings create-staff: the embedded database in ${join(dataDir, 'pglite')} is in use by ratings-api ` +
          `(pid ${api.pid}, since ${since}); it serves one process at a time: stop that process and try again, ` +
          `or set DATABASE_URL to use a PostgreSQL server (if no process ${api.pid} is running, delete ${join(dataDir, 'pglite.lock')})\n`,
      });
    } finally {
      api.child.kill('SIGKILL');
      await api.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('explains in one line a server it cannot reach, and a DATABASE_URL it cannot use', async () => {
    const unreachable = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/ratings' };
    expect(await runRatings(['migrate'], environmentDatabase(unreachable))).toEqual({
      code: EXIT_FAILED,
      stdout: '',
      stderr: 'ratings migrate: cannot use the database: connect ECONNREFUSED 127.0.0.1:1\n',
    });
    const wrong = { DATABASE_URL: 'mysql://db.example.org/ratings' };
    expect((await runRatings(['migrate'], environmentDatabase(wrong))).stderr).toBe(
      'ratings migrate: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db.example.org/ratings")\n',
    );
  });
});
