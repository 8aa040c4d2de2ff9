import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, timed } from '../common/database';
import { printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';
import { buildPublishedList } from './rankings-data';

const ROOT = resolve(__dirname, '../../../..');
const BIG = 400_000;
const SMALL = 40_000;
/** Class A (1800–1999): a mid-size category, neither the top nor the bulk. */
const CATEGORY = 'A';
const ROUNDS = 3;
const SECONDS_PER_RUN = 5;
const CONNECTIONS = 10;

const RANKINGS = `query Top($pool: String!, $category: String) {
  rankings(pool: $pool, category: $category, first: 100) {
    edges { node { rank rating display provisional category { code } player { id surname givenName federation } } }
  }
}`;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** Starts a server process and waits for the line that says it listens; returns its port. */
function startProcess(
  command: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePort, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolvePort({ child, port: Number(match[1]) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}): ${output}`)));
  });
}

async function load(url: string, body: string | undefined, duration = SECONDS_PER_RUN): Promise<Load> {
  const result = await autocannon({
    url,
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body,
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const summarise = (runs: Load[]): Load => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

export const apiSuite: BenchSuite = {
  name: 'api',
  description: `top-100 rankings of a category at ${BIG.toLocaleString('en')} players: GraphQL API vs plain node:http + pg (PostgreSQL)`,
  async run() {
    const database = await createBenchDatabase('api');
    const processes: ChildProcess[] = [];
    try {
      await timed(`list of ${BIG.toLocaleString('en')} players`, () =>
        buildPublishedList(database.dataSource, 'big', BIG),
      );
      await timed(`list of ${SMALL.toLocaleString('en')} players`, () =>
        buildPublishedList(database.dataSource, 'small', SMALL),
      );
      const api = await startProcess(
        [join(ROOT, 'apps/api/dist/main.js')],
        { DATABASE_URL: database.url, API_PORT: '0', API_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        /ready at http:\/\/[^:]+:(\d+)\/graphql/,
      );
      const plain = await startProcess(
        [join(__dirname, 'plain-server.js')],
        { DATABASE_URL: database.url, PORT: '0' },
        /listening (\d+)/,
      );
      processes.push(api.child, plain.child);
      const graphqlUrl = `http://127.0.0.1:${api.port}/graphql`;
      const body = (pool: string) => JSON.stringify({ query: RANKINGS, variables: { pool, category: CATEGORY } });
      const plainUrl = (pool: string) => `http://127.0.0.1:${plain.port}/?pool=${pool}&category=${CATEGORY}`;

      // Warm-up: JIT, connection pools, the database's caches.
      await load(graphqlUrl, body('big'), 2);
      await load(plainUrl('big'), undefined, 2);
      await load(graphqlUrl, body('small'), 2);

      const graphqlRuns: Load[] = [];
      const plainRuns: Load[] = [];
      const smallRuns: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        graphqlRuns.push(await load(graphqlUrl, body('big')));
        plainRuns.push(await load(plainUrl('big'), undefined));
        smallRuns.push(await load(graphqlUrl, body('small')));
      }
      const graphql = summarise(graphqlRuns);
      const floor = summarise(plainRuns);
      const small = summarise(smallRuns);
      const row = (label: string, l: Load) => [label, l.requestsPerSecond.toFixed(0), `${l.p50} ms`, `${l.p99} ms`];
      console.log(`\n  ${ROUNDS} interleaved rounds of ${SECONDS_PER_RUN} s, ${CONNECTIONS} connections; medians:`);
      printTable(
        ['server', 'req/s', 'p50', 'p99'],
        [
          row(`GraphQL API, ${BIG / 1000}k players`, graphql),
          row('plain node:http + pg', floor),
          row(`GraphQL API, ${SMALL / 1000}k players`, small),
        ],
      );
      const ratio = graphql.requestsPerSecond / floor.requestsPerSecond;
      const scaling = graphql.p50 / Math.max(small.p50, 1);
      // Without any cache: each request asks for a page never asked before (another starting rank), one at a time.
      const uncached = async (pool: string, players: number) => {
        const times: number[] = [];
        for (let i = 0; i < 150; i++) {
          const fromRank = 1 + Math.floor((((i * 7919) % 997) / 997) * (players * 0.05));
          const started = performance.now();
          const response = await fetch(graphqlUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              query: RANKINGS.replace('first: 100', `first: 100, fromRank: ${fromRank + i}`),
              variables: { pool, category: CATEGORY },
            }),
          });
          await response.text();
          times.push(performance.now() - started);
        }
        return median(times);
      };
      const uncachedBig = await uncached('big', BIG);
      const uncachedSmall = await uncached('small', SMALL);
      console.log(
        `  not cached (150 pages never asked before, one at a time): p50 ${uncachedBig.toFixed(1)} ms at ${BIG / 1000}k vs ${uncachedSmall.toFixed(1)} ms at ${SMALL / 1000}k = ${(uncachedBig / uncachedSmall).toFixed(2)}×`,
      );
      console.log(
        `\n  GraphQL / plain req/s: ${ratio.toFixed(2)}× (target ≥ 0.5×) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`,
      );
      console.log(
        `  top-100 p50 at ${BIG / 1000}k vs ${SMALL / 1000}k players: ${graphql.p50} ms vs ${small.p50} ms = ${scaling.toFixed(2)}× (target ≤ 1.2×) ${scaling <= 1.2 ? 'MET' : 'NOT MET'}`,
      );
    } finally {
      for (const child of processes) child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      await database.drop();
    }
  },
};
