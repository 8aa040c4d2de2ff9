import { PassThrough, Readable, Writable } from 'node:stream';
import type { TestDatabase } from '@ratings/core/testing';
import { runCli } from '../cli';
import type { DatabaseProvider } from '../database';
import type { CliInput, CliIo, CliOutput } from '../io';

/** What a command wrote, and its exit code. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Standard input's content (default: empty). */
  readonly stdin?: string;
  /** A terminal as stdin, on which these lines are typed, one per prompt. */
  readonly typed?: readonly string[];
  /** Pretend stderr is a terminal (progress line rewritten in place). */
  readonly terminalOutput?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/** A stream that keeps what is written to it. */
export function collector(isTTY = false): CliOutput & { text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as Writable & CliOutput & { text(): string };
  stream.isTTY = isTTY;
  stream.columns = 100;
  stream.text = () => chunks.join('');
  return stream;
}

/** A terminal as stdin: records raw mode switches, and types the next of `lines` each time raw mode goes on. */
export function terminal(lines: readonly string[]): CliInput & { rawModes: boolean[] } {
  const stream = new PassThrough() as PassThrough & CliInput & { rawModes: boolean[] };
  const typing = [...lines];
  stream.isTTY = true;
  stream.rawModes = [];
  stream.setRawMode = (raw: boolean) => {
    stream.rawModes.push(raw);
    const line = raw ? typing.shift() : undefined;
    if (line !== undefined) setImmediate(() => stream.write(line));
    return stream;
  };
  return stream;
}

/** The command line run in-process against `database`, as `ratings <argv>` from a shell would. */
export async function runRatings(
  argv: readonly string[],
  database: DatabaseProvider,
  options: RunOptions = {},
): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector(options.terminalOutput);
  const stdin = options.typed
    ? terminal(options.typed)
    : (Readable.from(options.stdin === undefined ? [] : [options.stdin]) as CliInput);
  const io: CliIo = { stdout, stderr, stdin, env: options.env ?? {} };
  const code = await runCli(argv, { io, database });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The test database as the CLI's database; the test file destroys it at the end. */
export const testDatabaseProvider = (db: TestDatabase): DatabaseProvider => ({
  open: async () => ({
    dataSource: db.dataSource,
    description: `test database (${db.engine})`,
    close: async () => undefined,
  }),
});

/** For commands that must fail before touching the database. */
export const noDatabase: DatabaseProvider = {
  open: () => Promise.reject(new Error('this command should not have opened the database')),
};
