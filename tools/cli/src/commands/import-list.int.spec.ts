import { join } from 'node:path';
import { createTestDatabase, makePool, type TestDatabase } from '@ratings/core/testing';
import { EXIT_FAILED, EXIT_OK } from '../cli';
import { runRatings, testDatabaseProvider } from '../testing/cli-harness';

/** The real FIDE lines of libs/lists' fixtures. */
const COMBINED = join(
  __dirname,
  '../../../../libs/lists/src/__fixtures__/fide-combined-players_list_foa-excerpt-meow-chess.txt',
);

describe('ratings import-list', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());
  const ratings = (argv: string[]) => runRatings(argv, testDatabaseProvider(db));

  it('imports the FIDE file into a new pool and prints the report; the second time nothing changes', async () => {
    const pool = await makePool(db.dataSource);
    const argv = [
      'import-list',
      COMBINED,
      '--pool',
      pool.code,
      '--format',
      'fide-txt',
      '--control',
      'rapid',
      '--effective',
      '2026-10-01',
    ];
    const first = await ratings(argv);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(EXIT_OK);
    const [list] = await db.dataSource.query(`SELECT id FROM rating_lists WHERE pool_id = $1`, [pool.id]);
    expect(first.stdout).toBe(
      `Imported fide-combined-players_list_foa-excerpt-meow-chess.txt into pool ${pool.code} as list ${list.id} (2026-10, in force from 2026-10-01, PUBLISHED):\n` +
        '  players      6 read: 0 matched (0 by FIDE id, 0 by national id, 0 by name and birth year), 6 created, 0 skipped, 0 conflicting\n',
    );
    const [carlsen] = await db.dataSource.query(
      `SELECT e.rating, e.games_in_period AS games FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE p.fide_id = '1503014'`,
    );
    expect(carlsen).toEqual({ rating: 2801, games: 12 });
    const second = await ratings(argv);
    expect(second.stdout).toBe(
      `fide-combined-players_list_foa-excerpt-meow-chess.txt was already imported into pool ${pool.code} as list ${list.id} (2026-10): nothing changed.\n`,
    );
  });

  it('a file in another format is refused with its line and column', async () => {
    const pool = await makePool(db.dataSource);
    const refused = await ratings([
      'import-list',
      COMBINED,
      '--pool',
      pool.code,
      '--format',
      'csv',
      '--effective',
      '2026-10-01',
    ]);
    expect(refused.code).toBe(EXIT_FAILED);
    expect(refused.stderr).toMatch(
      /^ratings import-list: BAD_USER_INPUT: content: not a valid csv list: line 1, column 1 \(ID Number/,
    );
  });
});
