import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RatingsDataSource } from '@ratings/db';
import { openKeptBenchDatabase, timed, type KeptBenchDatabase } from '../common/database';
import { assertBuilt } from '../common/servers';

/**
 * The demo federation the load suite reads: `ratings seed-demo` with its defaults (about 5,000 players,
 * four pools, 24 monthly lists each), built once into `ratings_bench_load` and reused (seeding takes minutes).
 */

const ROOT = join(__dirname, '../../../..');
const CLI_MAIN = join(ROOT, 'tools/cli/dist/main.js');
const CLI_BIN = join(ROOT, 'tools/cli/bin/ratings.js');
/** Marks a finished build; another seed or generator means another name, hence a rebuild. */
const DEMO_BUILD = 'ratings seed-demo (defaults)';

function seedDemo(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The CLI's progress (a line per month) goes straight to the terminal: the build takes minutes.
    const child = spawn(process.execPath, [CLI_BIN, 'seed-demo'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ratings seed-demo failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * The demo federation in `ratings_bench_<label>`: `load` reads it as published; a suite that writes to it (the
 * console's draft) keeps its own copy under another label.
 */
export function openDemoFederation(label = 'load'): Promise<KeptBenchDatabase> {
  assertBuilt(CLI_MAIN, 'the CLI built (it seeds the demo federation)', 'npx nx run @ratings/cli:build');
  return openKeptBenchDatabase(label, DEMO_BUILD, (url) => timed('seed-demo', () => seedDemo(url)));
}

/** Real ids and filter values of the demo federation, for a mix the response cache cannot hold in one entry. */
export interface DemoCatalogue {
  readonly pools: readonly DemoPool[];
  readonly playerIds: readonly string[];
  readonly listIds: readonly string[];
  /** The list in force in each pool: what a publication day's visitors open. */
  readonly currentListIds: readonly string[];
  readonly tournamentIds: readonly string[];
  /** The tournaments the current lists rated: the news of the day. */
  readonly currentTournamentIds: readonly string[];
}

export interface DemoPool {
  readonly code: string;
  /** Categories and clubs of the players ranked on the pool's current list. */
  readonly categories: readonly string[];
  readonly clubs: readonly string[];
}

const column = async (db: RatingsDataSource, sql: string, parameters: unknown[] = []): Promise<string[]> =>
  ((await db.query(sql, parameters)) as { value: string | number }[]).map((row) => String(row.value));

export async function readDemoCatalogue(db: RatingsDataSource): Promise<DemoCatalogue> {
  const currentList = `(SELECT l.id FROM rating_lists l WHERE l.pool_id = o.id AND l.status = 'PUBLISHED'
                        ORDER BY l.effective_date DESC, l.revision DESC LIMIT 1)`;
  const pools: DemoPool[] = [];
  for (const code of await column(db, 'SELECT code AS value FROM pools ORDER BY id')) {
    const ranked = `FROM rating_list_entries e JOIN players p ON p.id = e.player_id JOIN pools o ON o.code = $1
                    WHERE e.list_id = ${currentList} AND e.rank IS NOT NULL`;
    pools.push({
      code,
      categories: await column(db, `SELECT DISTINCT e.category_code AS value ${ranked} ORDER BY 1`, [code]),
      clubs: await column(db, `SELECT DISTINCT p.club AS value ${ranked} AND p.club IS NOT NULL ORDER BY 1`, [code]),
    });
  }
  const catalogue: DemoCatalogue = {
    pools,
    playerIds: await column(
      db,
      `SELECT DISTINCT e.player_id AS value FROM rating_list_entries e JOIN pools o ON e.list_id = ${currentList}
       WHERE e.rank IS NOT NULL ORDER BY 1`,
    ),
    listIds: await column(db, `SELECT id AS value FROM rating_lists WHERE status = 'PUBLISHED' ORDER BY id`),
    currentListIds: await column(db, `SELECT ${currentList} AS value FROM pools o ORDER BY o.id`),
    tournamentIds: await column(db, `SELECT id AS value FROM tournaments WHERE status = 'RATED' ORDER BY id`),
    currentTournamentIds: await column(
      db,
      `SELECT t.id AS value FROM tournaments t JOIN pools o ON t.rated_in_list_id = ${currentList} ORDER BY 1`,
    ),
  };
  const empty = Object.entries(catalogue).filter(([, values]) => (values as readonly unknown[]).length === 0);
  if (empty.length > 0 || pools.some((pool) => pool.categories.length === 0 || pool.clubs.length === 0))
    throw new Error(`the demo federation lacks ${empty.map(([name]) => name).join(', ') || 'categories or clubs'}`);
  return catalogue;
}
