import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RatingsDataSource } from '@ratings/db';
import { printTable } from '../common/measure';
import { assertBuilt, freePort, startServer, type ServerProcess } from '../common/servers';
import type { BenchSuite } from '../common/suite';
import { openDemoFederation } from '../load/demo-federation';
import { idleFirstByteP50, loadPage, type PageLoad } from './load';

/**
 * The public site on a publication day: its pages as a visitor's browser asks for them, each under a closed loop of
 * 10 connections, against the site's statically generated calculator page (`/calculateur`) served by the same
 * `next start` in the same rounds, on the demo federation. Targets, for the home, a ranking's first page and a
 * filtered one, the demo's largest profile, a tournament and a list: at least half the calculator's req/s and a
 * TTFB p50 of at most 20 ms; at most 100 kB of HTML for the 100-row ranking and for the profile.
 *
 * The first byte under load is judged on the 10 connections' own p50, to the last byte: it bounds their first
 * byte from above. The probe, an 11th connection timing first bytes, is printed beside it: its requests, sent
 * while the 10 are being served, wait behind them, and it measures about twice their p50, the static page's too.
 */

const ROOT = resolve(__dirname, '../../../..');
const WEB_ROOT = join(ROOT, 'apps/web');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next');
/** The servers' output, to read when one fails. */
const LOG_DIR = join(tmpdir(), 'ratings-bench-web');

/** The demo's largest pool. */
const POOL = 'standard';
/** RANKING_PAGE_SIZE in apps/web/src/lib/rankings.queries.ts. */
const ROWS = 100;
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.WEB_BENCH_ROUNDS ?? 3);
const SECONDS_PER_RUN = Number(process.env.WEB_BENCH_SECONDS ?? 4);

const MIN_THROUGHPUT_RATIO = 0.5;
const MAX_TTFB_P50_MS = 20;
/** Sequential requests per page for its idle first byte. */
const IDLE_SAMPLES = 200;
const MAX_HTML_BYTES = 100_000;

const BUILD_API =
  'npx tsc -p libs/contract/tsconfig.lib.json && npx tsc -p libs/rating-rules/tsconfig.lib.json && npx tsc -p libs/lists/tsconfig.lib.json && npx tsc -p libs/db/tsconfig.lib.json && ' +
  'npx tsc -p libs/trf/tsconfig.lib.json && npx tsc -p libs/core/tsconfig.lib.json && npx tsc -p apps/api/tsconfig.app.json   (from the repository root)';

interface Page {
  readonly label: string;
  readonly path: string;
  /** Text the page must hold, so an error page is never measured as a fast page. */
  readonly marker: string;
  /** The 100-row ranking: it must show that many rows. */
  readonly rows?: number;
  readonly maxBytes?: number;
}

const one = async (db: RatingsDataSource, sql: string, parameters: unknown[] = []): Promise<string> => {
  const [row] = (await db.query(sql, parameters)) as { value: string | number }[];
  if (row === undefined) throw new Error(`the demo federation has nothing for: ${sql}`);
  return String(row.value);
};

/** The pages measured, with the demo's real ids: its largest profile (most rated tournaments, then games). */
async function demoPages(db: RatingsDataSource): Promise<Page[]> {
  const currentList = `(SELECT l.id FROM rating_lists l JOIN pools o ON o.id = l.pool_id WHERE o.code = $1
                        AND l.status = 'PUBLISHED' ORDER BY l.effective_date DESC, l.revision DESC LIMIT 1)`;
  const player = await one(
    db,
    `SELECT player_id AS value FROM rating_changes GROUP BY player_id ORDER BY count(*) DESC, sum(games) DESC, player_id LIMIT 1`,
  );
  const tournament = await one(
    db,
    `SELECT t.id AS value FROM tournaments t WHERE t.rated_in_list_id = ${currentList} ORDER BY t.id LIMIT 1`,
    [POOL],
  );
  const list = await one(db, `SELECT ${currentList} AS value`, [POOL]);
  const category = await one(
    db,
    `SELECT e.category_code AS value FROM rating_list_entries e WHERE e.list_id = ${currentList} AND e.rank IS NOT NULL
     GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    [POOL],
  );
  return [
    { label: 'calculator (static, the reference)', path: '/calculateur', marker: 'scenario-table' },
    { label: 'home', path: '/', marker: 'ranking-table' },
    {
      label: `ranking, first page (${ROWS} rows)`,
      path: `/classements/${POOL}`,
      marker: 'ranking-table',
      rows: ROWS,
      maxBytes: MAX_HTML_BYTES,
    },
    {
      label: `ranking, category ${category}`,
      path: `/classements/${POOL}?category=${encodeURIComponent(category)}`,
      marker: 'ranking-table',
    },
    {
      label: `largest profile (player ${player})`,
      path: `/joueurs/${player}`,
      marker: 'data-history-pool',
      maxBytes: MAX_HTML_BYTES,
    },
    { label: `tournament ${tournament}`, path: `/tournois/${tournament}`, marker: 'crosstable' },
    { label: `list ${list}`, path: `/listes/${POOL}/${list}`, marker: 'data-table' },
  ];
}

/** One page as served: HTTP 200, its marker, and its size. */
async function inspect(baseUrl: string, page: Page): Promise<number> {
  const response = await fetch(`${baseUrl}${page.path}`);
  const html = await response.text();
  if (response.status !== 200 || !html.includes(page.marker))
    throw new Error(
      `${page.path}: HTTP ${response.status}${html.includes(page.marker) ? '' : `, no "${page.marker}"`}`,
    );
  const rows = html.match(/<tr [^>]*data-player-id=/g)?.length ?? 0;
  if (page.rows !== undefined && rows !== page.rows)
    throw new Error(`${page.path} shows ${rows} ranking rows, expected ${page.rows}`);
  return Buffer.byteLength(html);
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const verdict = (met: boolean) => (met ? 'PASS' : 'FAIL');

export const webSuite: BenchSuite = {
  name: 'web',
  description: `the public site's pages on the demo federation, ${CONNECTIONS} connections each, against the static calculator page: req/s, TTFB p50, HTML size`,
  async run() {
    assertBuilt(API_MAIN, 'the API built', BUILD_API);
    assertBuilt(join(WEB_ROOT, '.next/BUILD_ID'), 'the site built', 'npx nx run @ratings/web:build');
    const database = await openDemoFederation();
    const servers: ServerProcess[] = [];
    try {
      const pages = await demoPages(database.dataSource);
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
      // No `-H 127.0.0.1`: Next.js 16.4 then mistakes the proxy's rewrites for external URLs (apps/web README).
      const web = await startServer([NEXT_BIN, 'start', '-p', String(webPort)], {
        cwd: WEB_ROOT,
        env: { API_URL: `${api.baseUrl}/graphql`, NEXT_TELEMETRY_DISABLED: '1' },
        baseUrl: `http://127.0.0.1:${webPort}`,
        readyPath: '/icon.svg',
        logFile: join(LOG_DIR, 'next-start.log'),
      });
      servers.push(web);

      // The first visit renders each page (and caches the API's answers); what is measured is what visitors after it get.
      const sizes: number[] = [];
      for (const page of pages) sizes.push(await inspect(web.baseUrl, page));
      for (const page of pages) await loadPage(`${web.baseUrl}${page.path}`, CONNECTIONS, 1);
      // Each page's first byte with nothing else asked of the server: under the load below it is mostly queueing.
      const idleTtfb: number[] = [];
      for (const page of pages) idleTtfb.push(await idleFirstByteP50(`${web.baseUrl}${page.path}`, IDLE_SAMPLES));

      const loads: PageLoad[][] = pages.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        // The calculator first in even rounds, last in odd ones, so it never always follows the same page.
        const order = pages.map((_, index) => index);
        if (round % 2 === 1) order.reverse();
        for (const index of order)
          loads[index].push(await loadPage(`${web.baseUrl}${pages[index].path}`, CONNECTIONS, SECONDS_PER_RUN));
      }

      // Ratios per round (each page against the calculator's run of the same round), then their median.
      const reference = loads[0];
      const rows = pages.map((page, index) => {
        const requestsPerSecond = median(loads[index].map((load) => load.requestsPerSecond));
        const ratio = median(
          loads[index].map((load, round) => load.requestsPerSecond / reference[round].requestsPerSecond),
        );
        const ttfb = median(loads[index].map((load) => load.ttfbP50));
        const full = median(loads[index].map((load) => load.fullP50));
        const targets =
          index === 0
            ? ['', '', '', page.maxBytes === undefined ? '' : verdict(sizes[index] <= page.maxBytes)]
            : [
                verdict(ratio >= MIN_THROUGHPUT_RATIO),
                verdict(full <= MAX_TTFB_P50_MS),
                verdict(idleTtfb[index] <= MAX_TTFB_P50_MS),
                page.maxBytes === undefined ? '' : verdict(sizes[index] <= page.maxBytes),
              ];
        return [
          `${page.label} ${page.path}`,
          requestsPerSecond.toFixed(0),
          `${ratio.toFixed(2)}×`,
          `${full.toFixed(1)} ms`,
          `${ttfb.toFixed(1)} ms`,
          `${idleTtfb[index].toFixed(1)} ms`,
          `${(sizes[index] / 1000).toFixed(1)} kB`,
          ...targets,
        ];
      });
      console.log(
        `\n  ${ROUNDS} rounds of ${SECONDS_PER_RUN} s per page, ${CONNECTIONS} connections (+1 probing the first byte); medians over the rounds. TTFB ≤ ${MAX_TTFB_P50_MS} ms is judged on the p50 under load (to the last byte, so an upper bound of the first):`,
      );
      printTable(
        [
          'page',
          'req/s',
          '/ calculator',
          'p50 under load',
          'probe 1st byte',
          'idle TTFB p50',
          'HTML',
          `≥ ${MIN_THROUGHPUT_RATIO}×`,
          `TTFB ≤ ${MAX_TTFB_P50_MS} ms`,
          `idle ≤ ${MAX_TTFB_P50_MS} ms`,
          `HTML ≤ ${MAX_HTML_BYTES / 1000} kB`,
        ],
        rows,
      );
      const failed = rows.filter((row) => row.includes('FAIL')).length;
      console.log(`\n  ${failed === 0 ? 'every target met' : `${failed} page(s) miss a target`}`);
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await database.close();
    }
  },
};
