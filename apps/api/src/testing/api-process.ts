import { join } from 'node:path';
import { spawnTypeScript, type ChildExit, type TypeScriptProcess } from '@ratings/core/testing';

const MAIN = join(__dirname, '..', 'main.ts');

/** The API as its own process (main.ts from the sources), as production runs it. */
export interface ApiProcess {
  readonly process: TypeScriptProcess;
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  /** Its log so far, one object per JSON line; throws on a line that is not JSON. */
  logLines(): Record<string, unknown>[];
  /** Sends the signal and resolves once the process has exited, with how long that took. */
  signal(signal: NodeJS.Signals): Promise<ChildExit & { ms: number }>;
}

/**
 * Starts `node main.ts` on a free port with the environment given (DATABASE_URL or DATA_DIR; the database
 * must be migrated) and resolves once it listens. Answers are never served from the response cache, so every
 * request reaches the database.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const api = spawnTypeScript(MAIN, [], {
    API_PORT: '0',
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RESPONSE_CACHE_SECONDS: '0',
    ...env,
  });
  const [, origin] = await api.waitFor(/GraphQL API ready at (http:\/\/\S+)\/graphql/);
  return {
    process: api,
    origin,
    logLines: () =>
      api
        .output()
        .stdout.split('\n')
        // The one line main.ts writes for people, not for the log.
        .filter((line) => line !== '' && !line.startsWith('GraphQL API ready at '))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            throw new Error(`the API's log has a line that is not JSON: ${line}`);
          }
        }),
    async signal(signal) {
      const started = performance.now();
      api.child.kill(signal);
      const exit = await api.exited;
      return { ...exit, ms: performance.now() - started };
    },
  };
}
