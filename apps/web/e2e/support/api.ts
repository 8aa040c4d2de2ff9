import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort, OUTPUT_DIR } from './server';

/**
 * The hook for the GraphQL API the site reads during the browser tests.
 *
 * - By default it starts the real API on an in-memory database holding the small test federation
 *   (`apps/api/dist/testing/serve-fixture.js`: pool `standard`, 30 players, lists 2026-10 and 2026-11
 *   with a republished revision, the tournament "Open de Québec") on a free port, and stops it after.
 * - With `E2E_API_URL` set, it uses an API that is already running instead (for instance the demo
 *   federation loaded by `ratings seed-demo`) and leaves it running.
 *
 * The suites read their expectations from the API itself where they can (counts, ids), so they hold
 * against either database; the few that name fixture players say so.
 */
export interface ApiHandle {
  url: string;
  stop(): Promise<void>;
}

const WORKSPACE_ROOT = path.join(__dirname, '../../../..');
export const SERVE_FIXTURE = path.join(WORKSPACE_ROOT, 'apps/api/dist/testing/serve-fixture.js');
/** PGlite creates its database in WebAssembly on start: a few seconds, up to twenty on a loaded machine. */
const API_STARTUP_TIMEOUT_MS = 60_000;

export async function startApi(): Promise<ApiHandle> {
  const external = process.env.E2E_API_URL;
  if (external) return { url: external, stop: async () => undefined };
  return startFixtureApi();
}

/** An address where no API listens: a port the system just handed out and that nothing holds. */
export async function closedApiUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/graphql`;
}

/**
 * A fixture API of its own (the staff suite writes to it), with `env` (e.g. `WEB_REVALIDATE_URL` and
 * `REVALIDATE_SECRET`, so its publications refresh the site the suite started).
 */
export async function startFixtureApi(env: Record<string, string> = {}, logName = 'api.log'): Promise<ApiHandle> {
  if (!existsSync(SERVE_FIXTURE)) {
    throw new Error(
      `The API is not built (${SERVE_FIXTURE} is missing). From the repository root run:\n` +
        '  npx tsc -p libs/contract/tsconfig.lib.json && npx tsc -p libs/rating-rules/tsconfig.lib.json && npx tsc -p libs/lists/tsconfig.lib.json && npx tsc -p libs/db/tsconfig.lib.json && npx tsc -p libs/trf/tsconfig.lib.json && ' +
        'npx tsc -p libs/core/tsconfig.lib.json && npx tsc -p apps/api/tsconfig.app.json\n' +
        'or point the suite at a running API with E2E_API_URL=http://host:port/graphql.',
    );
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const apiLog = path.join(OUTPUT_DIR, logName);
  const port = await freePort();
  const log = createWriteStream(apiLog);
  const child = spawn(process.execPath, [SERVE_FIXTURE, String(port)], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(log);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`the API did not start within ${API_STARTUP_TIMEOUT_MS} ms; see ${apiLog}`)),
      API_STARTUP_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`the API exited with code ${code} before listening; see ${apiLog}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString();
      // serve-fixture prints its GraphQL URL once it listens.
      const match = /(http:\/\/\S+\/graphql)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(match[1]);
      }
    });
  });
  return { url, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
