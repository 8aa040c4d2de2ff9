import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The servers benchmarks run as child processes (the API, `next start`), each on a free port. */

export interface ProcessEnd {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Settles when the process ends, however it ends: a benchmark watches it to report a crash. */
  readonly ended: Promise<ProcessEnd>;
  stop(): Promise<void>;
}

/** A built API and a built site may take a while to answer on a loaded machine (the API opens its pool). */
const STARTUP_TIMEOUT_MS = 60_000;
const POLL_INTERVAL_MS = 200;
/**
 * How long a server may take to stop after SIGTERM before it is killed: beyond the API's own drain (Apollo's
 * drain plugin gives requests 10 s), for a server whose event loop is stuck and never runs its SIGTERM handler.
 */
const STOP_GRACE_MS = 15_000;

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

/** Fails with the command that builds what is missing, rather than a server that cannot start. */
export function assertBuilt(path: string, what: string, howToBuild: string): void {
  if (!existsSync(path))
    throw new Error(`the benchmark needs ${what} (${path} is missing); build it first:\n  ${howToBuild}`);
}

/**
 * Starts `node <args>` and waits until `readyPath` answers 200 on `baseUrl`. Its output goes to
 * `logFile`, so a server that fails says why there.
 */
export async function startServer(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; baseUrl: string; readyPath: string; logFile: string },
): Promise<ServerProcess> {
  mkdirSync(join(options.logFile, '..'), { recursive: true });
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const ended = new Promise<ProcessEnd>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = () => stopProcess(child, ended);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with code ${child.exitCode}; see ${options.logFile}`);
    try {
      const response = await fetch(`${options.baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { baseUrl: options.baseUrl, pid: child.pid as number, ended, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  await stop();
  throw new Error(
    `${args.join(' ')} did not answer ${options.readyPath} within ${STARTUP_TIMEOUT_MS} ms; see ${options.logFile}`,
  );
}

async function stopProcess(child: ChildProcess, ended: Promise<ProcessEnd>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await ended;
  clearTimeout(kill);
}
