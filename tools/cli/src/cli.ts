import { connectionFailure, DatabaseConfigError, DataDirLockedError, DomainError, systemActor } from '@ratings/core';
import { RatingRuleError } from '@ratings/rating-rules';
import { CliError, ENVIRONMENT_HELP, UsageError, type Command, type CommandContext } from './command';
import { acceptCommand } from './commands/accept';
import { createPoolCommand } from './commands/create-pool';
import { createStaffCommand } from './commands/create-staff';
import { exportCommand } from './commands/export';
import { importTrfCommand } from './commands/import-trf';
import { importListCommand } from './commands/import-list';
import { migrateCommand } from './commands/migrate';
import { publishCommand } from './commands/publish';
import { returnCommand } from './commands/return-tournament';
import { runCommand } from './commands/run';
import { seedDemoCommand } from './commands/seed-demo';
import { simulateCommand } from './commands/simulate';
import { submitCommand } from './commands/submit';
import { environmentDatabase, type DatabaseProvider } from './database';
import type { CliIo } from './io';

/** In the order an operator meets them. */
export const COMMANDS: readonly Command[] = [
  migrateCommand,
  createStaffCommand,
  createPoolCommand,
  importTrfCommand,
  importListCommand,
  submitCommand,
  acceptCommand,
  returnCommand,
  runCommand,
  publishCommand,
  exportCommand,
  simulateCommand,
  seedDemoCommand,
];

/** Exit codes: the command did what was asked; it was refused or failed; it was called the wrong way. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Audit label of everything the CLI does. */
export const CLI_ACTOR_LABEL = 'cli';

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'ratings — the command line of the ratings platform',
    '',
    'Usage: ratings <command> [arguments] [options]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `ratings <command> --help` for its arguments and options.',
    '',
    ENVIRONMENT_HELP,
    '',
    'Results are written to stdout, progress and errors to stderr.',
    `Exit codes: ${EXIT_OK} done, ${EXIT_FAILED} refused or failed, ${EXIT_USAGE} wrong usage.`,
  ].join('\n');
}

export interface CliOptions {
  readonly io: CliIo;
  /** Default: the database DATABASE_URL / DATA_DIR name. */
  readonly database?: DatabaseProvider;
}

/** Runs `ratings <argv>` and returns the exit code; never throws. */
export async function runCli(argv: readonly string[], options: CliOptions): Promise<number> {
  const { io } = options;
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(`${mainHelp()}\n`);
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const command = COMMANDS.find((candidate) => candidate.name === rest[0]);
    io.stdout.write(`${command ? command.help() : mainHelp()}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr.write(`ratings: unknown command "${name}"\nRun \`ratings --help\` to list the commands.\n`);
    return EXIT_USAGE;
  }
  const ctx: CommandContext = {
    io,
    database: options.database ?? environmentDatabase(io.env),
    actor: systemActor(CLI_ACTOR_LABEL),
  };
  try {
    await command.execute(rest, ctx);
    return EXIT_OK;
  } catch (error) {
    return reportError(`ratings ${command.name}`, error, io);
  }
}

/** One clear line for the errors users meet (no stack); the stack only for what must be a bug. */
function reportError(prefix: string, error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(`${prefix}: ${error.message}\nRun \`${prefix} --help\` for its arguments and options.\n`);
    return EXIT_USAGE;
  }
  if (error instanceof DomainError || error instanceof RatingRuleError) {
    io.stderr.write(`${prefix}: ${error.code}: ${error.message}\n`);
    return EXIT_FAILED;
  }
  if (error instanceof CliError || error instanceof DatabaseConfigError || error instanceof DataDirLockedError) {
    io.stderr.write(`${prefix}: ${(error as Error).message}\n`);
    return EXIT_FAILED;
  }
  const connection = connectionProblem(error);
  if (connection !== null) {
    io.stderr.write(`${prefix}: cannot use the database: ${connection}\n`);
    return EXIT_FAILED;
  }
  io.stderr.write(
    `${prefix}: unexpected error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return EXIT_FAILED;
}

/** A PostgreSQL SQLSTATE (five characters, the class first: "08006"), as opposed to Node's "ECONNREFUSED". */
const SQLSTATE = /^\d[0-9A-Z]{4}$/;
/** SQLSTATE classes met before any work besides connection failures: 28 authentication, 3D unknown database. */
const ACCESS_SQLSTATE = /^(28|3D)/;

/** A database that cannot be reached or entered, in one line; null for any other error. */
function connectionProblem(error: unknown): string | null {
  const failure = connectionFailure(error);
  const { code, message } = failure ?? ((error ?? {}) as { code?: unknown; message?: unknown });
  if (!failure && !(typeof code === 'string' && ACCESS_SQLSTATE.test(code))) return null;
  return typeof code === 'string' && SQLSTATE.test(code) ? `${message} (SQLSTATE ${code})` : String(message);
}
