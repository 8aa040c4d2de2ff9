import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createStaffUser,
  DomainError,
  importTrf,
  nextRunnablePeriod,
  runRatingPeriod,
  submitTournament,
  systemActor,
  type StaffRole,
} from '@ratings/core';
import type { RatingsDataSource } from '@ratings/db';
import { printTable } from '../common/measure';
import { assertBuilt, freePort, startServer, type ServerProcess } from '../common/servers';
import type { BenchSuite } from '../common/suite';
import { openDemoFederation } from '../load/demo-federation';

/**
 * The staff console through the site, on the demo federation, signed in: p50 and p99 of each console page and of
 * the review of a draft of the demo's largest list, against the site's static calculator page measured in the
 * same rounds (the floor: a page that asks nothing of the API). Targets: console pages p50 ≤ 300 ms, the
 * draft's review p50 ≤ 1 s.
 */

const ROOT = resolve(__dirname, '../../../..');
const WEB_ROOT = join(ROOT, 'apps/web');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next');
const LOG_DIR = join(tmpdir(), 'ratings-bench-console');
/** The demo's largest pool (about 5,000 players on its lists), and the tournament its draft rates. */
const POOL = 'standard';
const TRF_FILE = join(ROOT, 'docs/examples/open-de-sherbrooke.trf');
const PASSWORD = 'bench console password';
/** The site's session cookie (apps/web src/lib/staff/session.ts). */
const SESSION_COOKIE = 'ratings_staff_session';

const WARM_UPS = 3;
const ROUNDS = Number(process.env.CONSOLE_BENCH_ROUNDS ?? 30);
const TARGET_PAGE_P50_MS = 300;
const TARGET_REVIEW_P50_MS = 1000;

const BUILD_API =
  'npx tsc -p libs/contract/tsconfig.lib.json && npx tsc -p libs/rating-rules/tsconfig.lib.json && npx tsc -p libs/lists/tsconfig.lib.json && npx tsc -p libs/db/tsconfig.lib.json && ' +
  'npx tsc -p libs/trf/tsconfig.lib.json && npx tsc -p libs/core/tsconfig.lib.json && npx tsc -p apps/api/tsconfig.app.json   (from the repository root)';

/** A staff account of the bench, created on the first run of the kept database and reused afterwards. */
async function ensureStaff(db: RatingsDataSource, role: StaffRole): Promise<string> {
  const email = `bench-${role.toLowerCase()}@console.bench`;
  try {
    await createStaffUser(db, { email, displayName: `Bench ${role}`, role, password: PASSWORD }, systemActor('bench'));
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
  }
  return email;
}

/**
 * A draft to review: the example tournament imported into the pool (the same file again imports nothing) and
 * accepted, then the pool's next period run (a re-run replaces the previous run's draft). Its id, and the
 * tournament's.
 */
async function prepareDraft(db: RatingsDataSource): Promise<{ listId: number; tournamentId: number }> {
  const system = systemActor('bench');
  const report = await importTrf(db, { poolCode: POOL, content: readFileSync(TRF_FILE, 'utf8') }, system);
  if (report.status === 'IMPORTED') await submitTournament(db, { tournamentId: report.tournamentId }, system);
  const outlook = await nextRunnablePeriod(db, POOL);
  if (outlook.period === null) throw new Error(`pool ${POOL} has no period to run`);
  const run = await runRatingPeriod(db, { poolCode: POOL, period: outlook.period.period }, system);
  return { listId: run.listId, tournamentId: report.tournamentId };
}

async function signIn(apiUrl: string, email: string): Promise<string> {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
      variables: { e: email, p: PASSWORD },
    }),
  });
  const body = (await response.json()) as { data?: { login: { token: string } }; errors?: unknown };
  if (!body.data) throw new Error(`sign-in of ${email} refused: ${JSON.stringify(body.errors)}`);
  return body.data.login.token;
}

interface Page {
  readonly label: string;
  readonly path: string;
  /** The session it is read with (null: a public page). */
  readonly token: string | null;
  /** Text the page must hold, so a refusal or an error page is not measured as a fast page. */
  readonly expect: string;
  readonly targetMs: number | null;
}

/** One request, to the last byte of the body: its milliseconds (HTTP 200 and the expected text, or it throws). */
async function timePage(baseUrl: string, page: Page): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${baseUrl}${page.path}`, {
    headers: page.token ? { cookie: `${SESSION_COOKIE}=${page.token}` } : {},
    redirect: 'manual',
  });
  const html = await response.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 200 || !html.includes(page.expect))
    throw new Error(
      `${page.path}: HTTP ${response.status}, ${html.includes(page.expect) ? '' : `no "${page.expect}"`}`,
    );
  return ms;
}

const percentile = (values: readonly number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
};

export const consoleSuite: BenchSuite = {
  name: 'console',
  description: `the staff console's pages and the review of a draft of the demo's largest list, signed in, through the site: p50/p99 against the static calculator page`,
  async run() {
    assertBuilt(API_MAIN, 'the API built', BUILD_API);
    assertBuilt(join(WEB_ROOT, '.next/BUILD_ID'), 'the site built', 'npx nx run @ratings/web:build');
    const database = await openDemoFederation('console');
    const servers: ServerProcess[] = [];
    try {
      const [officer, admin] = [
        await ensureStaff(database.dataSource, 'RATING_OFFICER'),
        await ensureStaff(database.dataSource, 'ADMIN'),
      ];
      const started = Date.now();
      const { listId, tournamentId } = await prepareDraft(database.dataSource);
      const [{ entries }] = (await database.dataSource.query(
        'SELECT entry_count AS entries FROM rating_lists WHERE id = $1',
        [listId],
      )) as { entries: number }[];
      console.log(
        `  draft of ${POOL} (list ${listId}, ${entries.toLocaleString('en')} players): ${Date.now() - started} ms`,
      );

      const apiPort = await freePort();
      const api = await startServer([API_MAIN], {
        cwd: ROOT,
        env: { DATABASE_URL: database.url, API_PORT: String(apiPort), API_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        baseUrl: `http://127.0.0.1:${apiPort}`,
        readyPath: '/healthz',
        logFile: join(LOG_DIR, 'api.log'),
      });
      servers.push(api);
      const webPort = await freePort();
      const web = await startServer([NEXT_BIN, 'start', '-p', String(webPort)], {
        cwd: WEB_ROOT,
        env: { API_URL: `${api.baseUrl}/graphql`, NEXT_TELEMETRY_DISABLED: '1' },
        baseUrl: `http://127.0.0.1:${webPort}`,
        readyPath: '/icon.svg',
        logFile: join(LOG_DIR, 'next-start.log'),
      });
      servers.push(web);
      const [officerToken, adminToken] = [await signIn(api.baseUrl, officer), await signIn(api.baseUrl, admin)];
      const page = (
        label: string,
        path: string,
        expect: string,
        targetMs: number | null,
        token: string | null = officerToken,
      ): Page => ({ label, path, token, expect, targetMs });
      const pages: Page[] = [
        page('calculator (static, the floor)', '/en/calculator', 'scenario-table', null, null),
        page('dashboard', '/en/staff', 'data-table="publications"', TARGET_PAGE_P50_MS),
        page('tournaments', '/en/staff/tournaments', 'data-table', TARGET_PAGE_P50_MS),
        page('a tournament', `/en/staff/tournaments/${tournamentId}`, 'checks-heading', TARGET_PAGE_P50_MS),
        page('players', '/en/staff/players', 'data-table="players"', TARGET_PAGE_P50_MS),
        page(
          'administration (admin)',
          '/en/staff/administration',
          'data-table="staff-accounts"',
          TARGET_PAGE_P50_MS,
          adminToken,
        ),
        page('rating run', '/en/staff/rating-run', '<form', TARGET_PAGE_P50_MS),
        page(
          `draft review (${entries.toLocaleString('en')} players)`,
          `/en/staff/lists/${listId}`,
          'data-table="distribution"',
          TARGET_REVIEW_P50_MS,
        ),
      ];
      for (let i = 0; i < WARM_UPS; i++) for (const each of pages) await timePage(web.baseUrl, each);
      // Rounds of every page one after the other, so that each sees the same load as the floor.
      const samples = pages.map((): number[] => []);
      for (let round = 0; round < ROUNDS; round++)
        for (const [index, each] of pages.entries()) samples[index].push(await timePage(web.baseUrl, each));

      const floor = percentile(samples[0], 0.5);
      console.log(`\n  ${ROUNDS} rounds of every page, one request at a time (time to the last byte):`);
      printTable(
        ['page', 'p50', 'p99', 'p50 / floor', 'target p50', ''],
        pages.map((each, index) => {
          const p50 = percentile(samples[index], 0.5);
          return [
            each.label,
            `${p50.toFixed(0)} ms`,
            `${percentile(samples[index], 0.99).toFixed(0)} ms`,
            `${(p50 / floor).toFixed(1)}×`,
            each.targetMs === null ? '' : `≤ ${each.targetMs} ms`,
            each.targetMs === null ? '' : p50 <= each.targetMs ? 'MET' : 'NOT MET',
          ];
        }),
      );
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await database.close();
    }
  },
};
