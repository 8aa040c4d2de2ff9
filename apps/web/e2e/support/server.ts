import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const WEB_ROOT = path.join(__dirname, '../..');
export const OUTPUT_DIR = path.join(WEB_ROOT, 'test-output');
/** `next start` of a built app is ready in well under a second; this covers a loaded CI machine. */
const STARTUP_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 200;
const READINESS_PATH = '/icon.svg';

/** Ports already handed out by this process, not yet bound by the server they were given to. */
const handedOut = new Set<number>();

function listensOn(port: number): Promise<number | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address !== null && typeof address !== 'string' ? address.port : null));
    });
  });
}

/**
 * A port to start a server on: any free one, or with `PORT_RANGE=first-last` (a machine shared with others that
 * gives each a range) the first free one of that range this process has not handed out yet.
 */
export async function freePort(): Promise<number> {
  const range = process.env.PORT_RANGE;
  if (!range) {
    const port = await listensOn(0);
    if (port === null) throw new Error('could not read a free port');
    return port;
  }
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match) throw new Error(`PORT_RANGE must read first-last, e.g. 4120-4139 (got "${range}")`);
  for (let port = Number(match[1]); port <= Number(match[2]); port++) {
    if (handedOut.has(port) || (await listensOn(port)) === null) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port left in PORT_RANGE ${range}`);
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
