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

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('could not read a free port');
  return address.port;
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
