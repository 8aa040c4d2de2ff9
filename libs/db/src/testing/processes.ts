import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/** The workspace root, from this file in `src/testing` or `dist/testing` alike. */
const ROOT = join(__dirname, '../../../..');
const HOLD_DATABASE = join(ROOT, 'libs/db/src/__fixtures__/hold-database.ts');

/** How a child process ended, with everything it wrote. */
export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A child process running TypeScript sources, with its output collected. */
export interface TypeScriptProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves once stdout matches `pattern` (with the match); rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  readonly exited: Promise<ChildExit>;
}

/** A PGlite cluster's first start runs initdb in WebAssembly: seconds, tens of seconds on a loaded machine. */
const DEFAULT_WAIT_MS = 60_000;

/**
 * Runs a TypeScript file in a new Node process (swc-register.js, workspace packages resolved to their
 * sources), as the tests' real second process: `env` is added to this process's environment.
 */
export function spawnTypeScript(file: string, args: readonly string[], env: NodeJS.ProcessEnv): TypeScriptProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@ratings/source', '-r', join(ROOT, 'swc-register.js'), file, ...args],
    // NODE_OPTIONS: jest's --experimental-vm-modules is not for the child.
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let closed = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<ChildExit>((resolve) =>
    child.once('close', (code, signal) => {
      closed = true;
      resolve({ code, signal, stdout, stderr });
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs = DEFAULT_WAIT_MS) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const failure = (why: string) => new Error(`${file} ${why} before printing ${pattern}:\n${stdout}\n${stderr}`);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.off('close', onClose);
        outcome();
      };
      const onData = () => {
        const match = pattern.exec(stdout);
        if (match) settle(() => resolve(match));
      };
      const onClose = () => settle(() => reject(failure('exited')));
      const timer = setTimeout(() => settle(() => reject(failure(`ran ${timeoutMs} ms`))), timeoutMs);
      child.stdout.on('data', onData);
      child.once('close', onClose);
      onData();
      if (closed) onClose();
    });
  return { child, pid: child.pid!, output: () => ({ stdout, stderr }), waitFor, exited };
}

/**
 * A second process that opens the database DATA_DIR names, as `program`, and holds it until killed (SIGTERM:
 * it exits without closing it). `waitFor(/holding/)` resolves once it holds the lock; if the lock is taken,
 * it exits with code 1 and the refusal on stderr.
 */
export function startDatabaseHolder(dataDir: string, program: string): TypeScriptProcess {
  return spawnTypeScript(HOLD_DATABASE, [program], { DATABASE_URL: '', DATA_DIR: dataDir });
}
