import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { seconds } from '../common/database';
import { megabytes, printTable } from '../common/measure';
import { assertBuilt, freePort, startServer, type ProcessEnd, type ServerProcess } from '../common/servers';
import type { BenchSuite } from '../common/suite';
import { openDemoFederation, readDemoCatalogue, type DemoCatalogue } from './demo-federation';
import { hostileCases, startHostileStream, type HostileOutcome } from './hostile-requests';
import { legitimateVisit, type LegitimateTally } from './legitimate-mix';
import { watchProcess } from './process-usage';

/**
 * The public API under load on the demo federation, from a cold cache (a freshly started API process): closed-loop
 * clients repeating the public pages' queries (legitimate-mix.ts) while a stream of hostile requests
 * (hostile-requests.ts) runs beside them. It measures whether the legitimate traffic is hurt: its req/s, latency,
 * errors and timeouts, and the API's peak RSS, against the targets printed beside them.
 *
 * Who is who: the legitimate clients connect from 127.0.0.1, the quota-exempt address (RATE_LIMIT_EXEMPT_IPS, the
 * site's server on the same machine). They stand for the site rendering pages for its visitors, which is most of
 * the API's legitimate traffic, and an API key could not carry them: its quota is at most 6,000 requests a minute
 * (MAX_QUOTA_PER_MINUTE in libs/core), far below what this many closed-loop clients ask. The hostile stream
 * connects from 127.0.0.2 (another loopback address, not exempt), so it meets the anonymous per-address quota
 * like any caller on the Internet; it sends no X-Forwarded-For.
 */

const ROOT = resolve(__dirname, '../../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
/** The API's output, read for the reason of a crash. */
const LOG_FILE = join(tmpdir(), 'ratings-bench-load', 'api.log');

/** The measured run; LOAD_CLIENTS and LOAD_SECONDS shorten it while developing (the output says which was run). */
const DEFAULT_CLIENTS = 200;
const DEFAULT_SECONDS = 60;
/**
 * A few a second, under the default anonymous quota (300 a minute): the quota alone is not what must stop them.
 * LOAD_HOSTILE_PER_SECOND=0 runs the legitimate traffic alone, as a baseline.
 */
const DEFAULT_HOSTILE_PER_SECOND = 4;
/** A visitor has long given up by then (autocannon's default); the hostile requests get the same. */
const CLIENT_TIMEOUT_SECONDS = 10;
const LEGITIMATE_ADDRESS = '127.0.0.1';
const HOSTILE_ADDRESS = '127.0.0.2';
/**
 * The API's heap cap: above the RSS target, so growth shows as a missed target first, and low enough that a runaway
 * heap ends in a reported crash rather than in swapping on a shared machine.
 */
const API_HEAP_MB = 768;
/** VmHWM is the kernel's own peak, so sampling only needs to be frequent enough to keep a reading before a crash. */
const USAGE_SAMPLE_INTERVAL_MS = 250;

/** What the API must hold under this load, hostile stream included. */
const TARGET_P99_MS = 500;
const TARGET_RSS_BYTES = 512 * 1024 * 1024;

interface LoadSettings {
  readonly clients: number;
  readonly durationSeconds: number;
  readonly hostilePerSecond: number;
}

function integerFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

const readSettings = (): LoadSettings => ({
  clients: integerFromEnv('LOAD_CLIENTS', DEFAULT_CLIENTS, 1),
  durationSeconds: integerFromEnv('LOAD_SECONDS', DEFAULT_SECONDS, 1),
  hostilePerSecond: integerFromEnv('LOAD_HOSTILE_PER_SECOND', DEFAULT_HOSTILE_PER_SECOND, 0),
});

const count = (value: number) => value.toLocaleString('en');
const verdict = (met: boolean) => (met ? 'PASS' : 'FAIL');
/** "400 ×12, 429 ×3", most frequent first. */
const tallied = (values: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, n]) => `${value} ×${n}`);
};

/**
 * Why the API died: V8's fatal error (out of memory) when its log has one, else the last line of an exit on its
 * own; a signal from outside (the kernel's OOM killer, a person) leaves no line of its own in the log.
 */
function crashReason(end: ProcessEnd): string {
  const how = end.signal ? `signal ${end.signal}` : `exit code ${end.code}`;
  let lines: string[] = [];
  try {
    lines = readFileSync(LOG_FILE, 'utf8').split('\n').filter(Boolean);
  } catch {
    // no log: the exit status alone
  }
  const line = lines.findLast((text) => text.includes('FATAL ERROR')) ?? (end.signal ? undefined : lines.at(-1));
  return `${how}${line ? `: ${line.slice(0, 200)}` : ''}; log: ${LOG_FILE}`;
}

function printHostile(outcomes: readonly HostileOutcome[], caseNames: readonly string[]): void {
  const rows = caseNames.map((name) => {
    const mine = outcomes.filter((outcome) => outcome.caseName === name);
    return [
      name,
      String(mine.length),
      tallied(mine.map((outcome) => outcome.answer)).join(', ') || '-',
      tallied(mine.flatMap((outcome) => outcome.codes)).join(', ') || '-',
      mine.length === 0 ? '-' : `${Math.max(...mine.map((outcome) => outcome.ms)).toFixed(0)} ms`,
    ];
  });
  printTable(['hostile request', 'sent', 'answers (HTTP status)', 'error codes', 'slowest'], rows);
  console.log(
    `  all ${count(outcomes.length)}: ${tallied(outcomes.map((outcome) => outcome.answer)).join(', ') || '-'}; ` +
      `codes ${tallied(outcomes.flatMap((outcome) => outcome.codes)).join(', ') || '-'}`,
  );
  const serverErrors = outcomes.filter((outcome) => outcome.answer === '500').length;
  // No HTTP status: a timeout or a connection error.
  const unanswered = outcomes.filter((outcome) => !/^\d+$/.test(outcome.answer)).length;
  console.log(
    `  hostile requests answered HTTP 500: ${serverErrors}, not answered: ${unanswered} ` +
      `(expected 0 and 0: each refused with a 4xx or 429, or answered) ${verdict(serverErrors === 0 && unanswered === 0)}`,
  );
}

interface Crash {
  readonly afterMs: number;
  readonly end: ProcessEnd;
}

interface LoadRun {
  readonly settings: LoadSettings;
  readonly result: autocannon.Result;
  readonly tally: LegitimateTally;
  readonly outcomes: readonly HostileOutcome[];
  readonly caseNames: readonly string[];
  readonly peakRssBytes: number;
  /** The API's CPU time (user + system) over the run. */
  readonly apiCpuSeconds: number;
  readonly crash: Crash | null;
}

/** The legitimate load and the hostile stream side by side, stopped early if the API dies. */
async function runLoad(api: ServerProcess, catalogue: DemoCatalogue, settings: LoadSettings): Promise<LoadRun> {
  const usage = watchProcess(api.pid, USAGE_SAMPLE_INTERVAL_MS);
  const cases = hostileCases(catalogue);
  const { requests, tally } = legitimateVisit(catalogue);
  const started = Date.now();
  let load!: autocannon.Instance;
  // The callback form: only its instance can be stopped early.
  const finished = new Promise<autocannon.Result>((resolveResult, rejectResult) => {
    load = autocannon(
      {
        url: `${api.baseUrl}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests,
        connections: settings.clients,
        duration: settings.durationSeconds,
        timeout: CLIENT_TIMEOUT_SECONDS,
      },
      (error, result) => (error ? rejectResult(error) : resolveResult(result)),
    );
  });
  const hostile =
    settings.hostilePerSecond > 0
      ? startHostileStream(new URL(api.baseUrl), {
          cases,
          perSecond: settings.hostilePerSecond,
          localAddress: HOSTILE_ADDRESS,
          timeoutMs: CLIENT_TIMEOUT_SECONDS * 1000,
        })
      : null;
  const watch: { running: boolean; crash: Crash | null } = { running: true, crash: null };
  void api.ended.then((end) => {
    if (!watch.running) return;
    watch.crash = { afterMs: Date.now() - started, end };
    load.stop();
  });
  const result = await finished;
  const outcomes = (await hostile?.stop()) ?? [];
  watch.running = false;
  usage.stop();
  return {
    settings,
    result,
    tally,
    outcomes,
    caseNames: cases.map((hostileCase) => hostileCase.name),
    peakRssBytes: usage.peakRssBytes(),
    apiCpuSeconds: usage.cpuSeconds(),
    crash: watch.crash,
  };
}

function printLegitimate(run: LoadRun): void {
  const { result, tally, crash, settings } = run;
  const failures = [...tally.failures.values()].reduce((sum, n) => sum + n, 0);
  const connectionErrors = result.errors - result.timeouts;
  const errors = failures + connectionErrors;
  const answered = [...tally.requests.values()].reduce((sum, n) => sum + n, 0);
  // Requests still waiting when the run stopped: neither answered nor timed out (at most one per client).
  const inFlight = Math.max(0, result.requests.sent - answered - result.errors);
  // autocannon's percentiles of no sample are 0: not a fast answer.
  const latency = (ms: number) => (answered > 0 ? `${ms} ms` : 'no answer');
  const full = settings.clients === DEFAULT_CLIENTS && settings.durationSeconds === DEFAULT_SECONDS;
  console.log(
    `\n  ${settings.clients} closed-loop clients for ${settings.durationSeconds} s${full ? '' : ` (shortened: the full run is ${DEFAULT_CLIENTS} for ${DEFAULT_SECONDS} s)`}` +
      ` from ${LEGITIMATE_ADDRESS} (quota-exempt), timeout ${CLIENT_TIMEOUT_SECONDS} s; API heap capped at ${API_HEAP_MB} MB; ` +
      (settings.hostilePerSecond > 0
        ? `hostile stream ${settings.hostilePerSecond}/s from ${HOSTILE_ADDRESS} (anonymous quota)`
        : 'no hostile stream (baseline)'),
  );
  console.log(
    `  legitimate answers: ${count(answered)}${answered > 0 ? ` (${[...tally.requests].map(([operation, n]) => `${operation} ${count(n)}`).join(', ')})` : ''}; ` +
      `${count(tally.distinct.size)} distinct requests; ${count(inFlight)} still in flight when the run stopped`,
  );
  if (errors > 0) {
    const kinds = [...tally.failures].map(([failure, n]) => `${failure} ×${n}`);
    if (connectionErrors > 0) kinds.push(`connection errors ×${connectionErrors}`);
    console.log(`  errors: ${kinds.join(', ')}`);
  }
  console.log('');
  printTable(
    ['legitimate traffic', 'figure', 'target', 'verdict'],
    [
      ['req/s', result.requests.average.toFixed(0), '-', '-'],
      ['latency p50', latency(result.latency.p50), '-', '-'],
      [
        'latency p99',
        latency(result.latency.p99),
        `≤ ${TARGET_P99_MS} ms`,
        verdict(answered > 0 && result.latency.p99 <= TARGET_P99_MS),
      ],
      ['errors', count(errors), '0', verdict(errors === 0)],
      ['timeouts', count(result.timeouts), '0', verdict(result.timeouts === 0)],
      [
        'API peak RSS (VmHWM)',
        megabytes(run.peakRssBytes),
        `< ${megabytes(TARGET_RSS_BYTES)}`,
        verdict(run.peakRssBytes < TARGET_RSS_BYTES),
      ],
      [
        'API process',
        crash ? `crashed after ${seconds(crash.afterMs)}` : 'ran to the end',
        'ran to the end',
        verdict(crash === null),
      ],
    ],
  );
  if (crash) console.log(`  the API crashed (${crashReason(crash.end)}); the figures above stop there`);
  if (answered > 0) {
    // The API is one Node.js process: one core's worth of its CPU per answer bounds its req/s. Little's law gives
    // what the latency target asks: N closed-loop clients answered within T each need at least N / T answers a second.
    const cpuMsPerAnswer = (run.apiCpuSeconds * 1000) / answered;
    const needed = settings.clients / (TARGET_P99_MS / 1000);
    console.log(
      `  API CPU: ${run.apiCpuSeconds.toFixed(1)} s for ${count(answered)} answers = ${cpuMsPerAnswer.toFixed(1)} ms per answer: ` +
        `one core answers this mix at most ${(1000 / cpuMsPerAnswer).toFixed(0)} req/s; p99 ≤ ${TARGET_P99_MS} ms for ` +
        `${settings.clients} closed-loop clients needs at least ${needed.toFixed(0)} req/s`,
    );
  }
}

export const loadSuite: BenchSuite = {
  name: 'load',
  description: `public GraphQL API on the demo federation from a cold cache: ${DEFAULT_CLIENTS} clients for ${DEFAULT_SECONDS} s beside a hostile stream (PostgreSQL)`,
  async run() {
    assertBuilt(API_MAIN, 'the API built', 'npx nx run @ratings/api:build');
    const settings = readSettings();
    const database = await openDemoFederation();
    const catalogue = await readDemoCatalogue(database.dataSource).finally(() => database.close());
    console.log(
      `  demo federation: pools ${catalogue.pools.map((pool) => pool.code).join(', ')}; ${count(catalogue.playerIds.length)} ranked players, ` +
        `${count(catalogue.listIds.length)} published lists, ${count(catalogue.tournamentIds.length)} rated tournaments`,
    );
    const port = await freePort();
    // A fresh process: its response cache is empty and nothing is compiled yet. It runs as the API's Docker image
    // does, in production mode (graphql-js's development checks cost about a tenth of its CPU).
    // LOAD_API_PROFILE=<dir>: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.LOAD_API_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_API_PROFILE}`]
      : [];
    const api = await startServer([`--max-old-space-size=${API_HEAP_MB}`, ...profile, API_MAIN], {
      cwd: ROOT,
      env: {
        DATABASE_URL: database.url,
        API_PORT: String(port),
        API_HOST: LEGITIMATE_ADDRESS,
        RATE_LIMIT_EXEMPT_IPS: LEGITIMATE_ADDRESS,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        TOKEN_SECRET: randomBytes(32).toString('base64'),
      },
      baseUrl: `http://${LEGITIMATE_ADDRESS}:${port}`,
      readyPath: '/healthz',
      logFile: LOG_FILE,
    });
    let run: LoadRun;
    try {
      run = await runLoad(api, catalogue, settings);
    } finally {
      await api.stop();
    }
    printLegitimate(run);
    if (settings.hostilePerSecond === 0) return;
    console.log('');
    printHostile(run.outcomes, run.caseNames);
  },
};
