import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const WEB_ROOT = path.join(__dirname, '../..');
export const OUTPUT_DIR = path.join(WEB_ROOT, 'test-output');
/** `next start` of a built app is ready in well under a second; this covers a loaded CI machine. */
const STARTUP_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 200;
const READINESS_PATH = '/icon.svg';

/**
 * A port of the range, claimed for this process by a lock file: the suites run in parallel worker processes, and
 * a port one of them has picked but not yet bound must not be picked by another. A lock whose process is gone is
 * taken over; the locks go when their process exits.
 */
function claimPort(port: number): boolean {
  const lock = path.join(tmpdir(), `ratings-e2e-port-${port}.lock`);
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    if (processIsAlive(lockHolder(lock))) return false;
    rmSync(lock, { force: true });
    return claimPort(port);
  }
  process.once('exit', () => rmSync(lock, { force: true }));
  return true;
}

/** The pid a lock names; 0 when it was released meanwhile. */
function lockHolder(lock: string): number {
  try {
    return Number(readFileSync(lock, 'utf8'));
  } catch {
    return 0;
  }
}

function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `PORT_RANGE=4100-4119` keeps the suite's servers within ports a shared machine reserves for it. */
function portRange(): { first: number; last: number } | null {
  const value = process.env.PORT_RANGE;
  if (!value) return null;
  const match = /^(\d+)-(\d+)$/.exec(value);
  if (!match) throw new Error(`PORT_RANGE must read first-last, such as 4100-4119 (got ${JSON.stringify(value)})`);
  return { first: Number(match[1]), last: Number(match[2]) };
}

async function listenOn(port: number, host?: string): Promise<number | null> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
  if (!bound) return null;
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return address === null || typeof address === 'string' ? null : address.port;
}

/** A port no server holds: one the system picks, or the first free one of `PORT_RANGE`. */
export async function freePort(): Promise<number> {
  const range = portRange();
  if (range === null) {
    const port = await listenOn(0, '127.0.0.1');
    if (port === null) throw new Error('could not read the free port');
    return port;
  }
  for (let port = range.first; port <= range.last; port++) {
    if ((await listenOn(port)) === null || !claimPort(port)) continue;
    return port;
  }
  throw new Error(`no free port in PORT_RANGE ${range.first}-${range.last}`);
}

/**
 * Empties the data cache `next start` keeps on disk (`.next/cache/fetch-cache`, shared by every server of the
 * build). Its keys hold the API's address: with ports from `PORT_RANGE`, a fixture API of this run may have the
 * address one of an earlier run had, and must not be answered with that run's data.
 */
export function clearDataCache(): void {
  rmSync(path.join(WEB_ROOT, '.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
}

export function assertBuilt(): void {
  if (!existsSync(path.join(WEB_ROOT, '.next', 'BUILD_ID'))) {
    throw new Error(
      `No production build in ${WEB_ROOT}/.next: run \`npm run codegen && npx next build\` in apps/web first (the e2e suite builds nothing itself).`,
    );
  }
}

export interface WebServer {
  baseUrl: string;
  process: ChildProcess;
}

/**
 * `next start` on a free port (or `port`, when another process must know the address first). No `-H 127.0.0.1`: with that flag Next.js 16.4 sees the proxy's
 * rewrites as external URLs and fails every page; the default (all interfaces) works.
 */
export async function startWebServer(
  env: Record<string, string>,
  logName = 'next-start.log',
  port?: number,
): Promise<WebServer> {
  assertBuilt();
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const serverLog = path.join(OUTPUT_DIR, logName);
  port ??= await freePort();
  const log = createWriteStream(serverLog);
  const child = spawn(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd: WEB_ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`next start exited with code ${child.exitCode}:\n${readFileSync(serverLog, 'utf8')}`);
    try {
      // A static file: the server is up whether or not its API answers (the outage suite starts one without).
      const response = await fetch(`${baseUrl}${READINESS_PATH}`);
      if (response.ok) return { baseUrl, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  child.kill('SIGTERM');
  throw new Error(`next start did not answer on ${baseUrl} within ${STARTUP_TIMEOUT_MS} ms; see ${serverLog}`);
}

export async function stopWebServer(server: WebServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}
