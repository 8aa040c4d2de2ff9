import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPublishedList } from '../api/rankings-data';
import { createBenchDatabase, timed } from '../common/database';
import { printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';
import { loadPage, timeSequentially, type PageLoad } from './load';
import { assertBuilt, freePort, startServer, type ServerProcess } from '../common/servers';

/**
 * Issue #5: the site's rankings page (100 rows, read through the API) against the same page rendering
 * the same number of rows held in memory (`/en/preview/ranking`, on with ENABLE_COMPONENT_PREVIEW=1),
 * in the same run. Targets: at least 0.5× the in-memory page's req/s, a TTFB p50 at most 2× its.
 */

const ROOT = resolve(__dirname, '../../../..');
const WEB_ROOT = join(ROOT, 'apps/web');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next');
/** The servers' output, to read when one fails. */
const LOG_DIR = join(tmpdir(), 'ratings-bench-web');

/** A list of the size of a mid-sized federation (the API suite's "small" list). */
const PLAYERS = 40_000;
const POOL = 'standard';
/** The real page and its twin; both English, both the first page of the ranking. */
const API_PAGE = `/en/rankings/${POOL}`;
const MEMORY_PAGE = '/en/preview/ranking';
/** RANKING_PAGE_SIZE in apps/web/src/lib/rankings.queries.ts. */
const ROWS = 100;

/** Requests of the cache-miss check: each asks the ranking from a rank never asked before. */
const MISSES = 40;
/** Ranks of the cache-miss check, spread over the list (a prime stride, so no two pages coincide). */
const missRank = (index: number) => 2 + ((index * 997) % (PLAYERS - 1));

const ROUNDS = 5;
const SECONDS_PER_RUN = 5;
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 10;
/** Issue #5's targets. */
const MIN_THROUGHPUT_RATIO = 0.5;
const MAX_TTFB_RATIO = 2;

const BUILD_API =
  'npx tsc -p libs/contract/tsconfig.lib.json && npx tsc -p libs/rating-rules/tsconfig.lib.json && npx tsc -p libs/db/tsconfig.lib.json && npx tsc -p libs/trf/tsconfig.lib.json && ' +
  'npx tsc -p libs/core/tsconfig.lib.json && npx tsc -p apps/api/tsconfig.app.json   (from the repository root)';

/** One page as served: its HTML size and the ranking rows in it. */
async function inspect(url: string): Promise<{ bytes: number; rows: number }> {
  const response = await fetch(url);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return { bytes: Buffer.byteLength(html), rows: html.match(/<tr [^>]*data-player-id=/g)?.length ?? 0 };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const range = (values: readonly number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export const webSuite: BenchSuite = {
  name: 'web',
  description: `rankings page (${ROWS} rows of a ${PLAYERS.toLocaleString('en')}-player list) through the API vs the same page from memory: req/s, TTFB`,
  async run() {
    assertBuilt(API_MAIN, 'the API built', BUILD_API);
    assertBuilt(join(WEB_ROOT, '.next/BUILD_ID'), 'the site built', 'cd apps/web && npm run codegen && npx next build');
    const database = await createBenchDatabase('web');
    const servers: ServerProcess[] = [];
    try {
      await timed(`list of ${PLAYERS.toLocaleString('en')} players`, () =>
        buildPublishedList(database.dataSource, POOL, PLAYERS),
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
      // No `-H 127.0.0.1`: Next.js 16.4 then mistakes the proxy's rewrites for external URLs (apps/web README).
      const web = await startServer([NEXT_BIN, 'start', '-p', String(webPort)], {
        cwd: WEB_ROOT,
        env: { API_URL: `${api.baseUrl}/graphql`, ENABLE_COMPONENT_PREVIEW: '1', NEXT_TELEMETRY_DISABLED: '1' },
        baseUrl: `http://127.0.0.1:${webPort}`,
        readyPath: '/icon.svg',
        logFile: join(LOG_DIR, 'next-start.log'),
      });
      servers.push(web);
      const pages = [
        { label: `through the API (${API_PAGE})`, url: `${web.baseUrl}${API_PAGE}` },
        { label: `from memory (${MEMORY_PAGE})`, url: `${web.baseUrl}${MEMORY_PAGE}` },
      ] as const;

      // Warm-up: JIT, the site's cache of the API's answers, the API's and the database's caches.
      for (const page of pages) await loadPage(page.url, CONNECTIONS, WARM_UP_SECONDS);

      // Same page, same rows: both show a full page, of about the same size once the API's answers are cached
      // (the very first visit streams a loading skeleton before the rows).
      const shapes = await Promise.all(pages.map((page) => inspect(page.url)));
      for (const [index, shape] of shapes.entries()) {
        if (shape.rows !== ROWS)
          throw new Error(`${pages[index].url} shows ${shape.rows} ranking rows, expected ${ROWS}`);
      }
      const sizeGap = Math.abs(shapes[0].bytes - shapes[1].bytes) / shapes[1].bytes;
      console.log(
        `  HTML: ${pages.map((page, index) => `${page.label} ${kilobytes(shapes[index].bytes)}`).join(', ')} (${(sizeGap * 100).toFixed(1)}% apart); ${ROWS} rows each`,
      );

      const runs: [PageLoad[], PageLoad[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which page goes first, so neither always follows the other's load.
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const index of order) runs[index].push(await loadPage(pages[index].url, CONNECTIONS, SECONDS_PER_RUN));
      }

      const [viaApi, inMemory] = runs;
      const row = (label: string, loads: PageLoad[]) => [
        label,
        median(loads.map((l) => l.requestsPerSecond)).toFixed(1),
        range(
          loads.map((l) => l.requestsPerSecond),
          0,
        ),
        `${median(loads.map((l) => l.ttfbP50)).toFixed(1)} ms`,
        `${median(loads.map((l) => l.ttfbP99)).toFixed(1)} ms`,
        `${median(loads.map((l) => l.fullP50)).toFixed(0)} ms`,
        `${median(loads.map((l) => l.fullP99)).toFixed(0)} ms`,
      ];
      console.log(
        `\n  ${ROUNDS} interleaved rounds of ${SECONDS_PER_RUN} s, ${CONNECTIONS} connections (+1 probing the first byte); medians over the rounds:`,
      );
      printTable(
        ['rankings page', 'req/s', 'range', 'TTFB p50', 'TTFB p99', 'full p50', 'full p99'],
        [row(pages[0].label, viaApi), row(pages[1].label, inMemory)],
      );

      // Ratios per round (both pages measured back to back under the same load), then their median and range.
      const throughput = viaApi.map((load, round) => load.requestsPerSecond / inMemory[round].requestsPerSecond);
      const ttfb = viaApi.map((load, round) => load.ttfbP50 / inMemory[round].ttfbP50);
      const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
      console.log(
        `\n  req/s, API page / in-memory page: ${median(throughput).toFixed(2)}× (rounds ${range(throughput, 2)}; target ≥ ${MIN_THROUGHPUT_RATIO}×) ${verdict(median(throughput) >= MIN_THROUGHPUT_RATIO)}`,
      );
      console.log(
        `  TTFB p50, API page / in-memory page: ${median(ttfb).toFixed(2)}× (rounds ${range(ttfb, 2)}; target ≤ ${MAX_TTFB_RATIO}×) ${verdict(median(ttfb) <= MAX_TTFB_RATIO)}`,
      );

      // What the cache saves: the same page when the site must ask the API (and the API its database),
      // one request at a time, against the in-memory page measured the same way.
      const misses = await timeSequentially(
        Array.from({ length: MISSES }, (_, index) => `${pages[0].url}?rank=${missRank(index)}`),
      );
      const memory = await timeSequentially(Array.from({ length: MISSES }, () => pages[1].url));
      console.log(
        `\n  Not cached (${MISSES} requests one at a time, each from a rank never asked before): TTFB p50 ${misses.firstByteP50.toFixed(1)} ms, ` +
          `full p50 ${misses.fullP50.toFixed(1)} ms; in-memory page the same way: ${memory.firstByteP50.toFixed(1)} ms, ${memory.fullP50.toFixed(1)} ms ` +
          `(${(misses.fullP50 / memory.fullP50).toFixed(2)}× its full time; the first byte is the loading skeleton, streamed before the API answers)`,
      );
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await database.drop();
    }
  },
};
