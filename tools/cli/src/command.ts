import { parseArgs } from 'node:util';
import type { WriteContext } from '@ratings/core';
import type { DatabaseProvider } from './database';
import { count, type CliIo } from './io';

/** Wrong usage (unknown option, missing argument, bad value): exit code 2, with a pointer to --help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A refusal by the CLI itself (a file it cannot read, a database seed-demo will not touch): exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** How the value is shown in help: `--pool <code>`. */
  readonly value?: string;
  readonly description: string;
  readonly required?: boolean;
}

export interface PositionalSpec {
  readonly name: string;
  readonly description: string;
}

type OptionValues<O extends Record<string, OptionSpec>> = {
  readonly [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['required'] extends true
      ? string
      : string | undefined;
};

export interface CommandContext {
  readonly io: CliIo;
  readonly database: DatabaseProvider;
  /** Who the use cases see acting: the CLI's system actor. */
  readonly actor: WriteContext;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  readonly name: string;
  /** One line for `ratings --help`. */
  readonly summary: string;
  /** Text of `ratings <command> --help`, rewrapped to the help's width; an empty string separates paragraphs. */
  readonly description: readonly string[];
  /** Required, in order. */
  readonly positionals: readonly PositionalSpec[];
  readonly options: O;
  readonly examples: readonly string[];
  run(
    args: { readonly options: OptionValues<O>; readonly positionals: readonly string[] },
    ctx: CommandContext,
  ): Promise<void>;
}

/** A command with its option types erased, as the registry holds it. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  help(): string;
  /** Parses argv (after the command name) and runs; UsageError for wrong usage. */
  execute(argv: readonly string[], ctx: CommandContext): Promise<void>;
}

const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help' };

/** Shown at the end of every help text: which database, and who acts. */
export const ENVIRONMENT_HELP = [
  'Database: DATABASE_URL (postgres://…) when set, else the embedded PGlite database in $DATA_DIR/pglite',
  '(DATA_DIR defaults to ./.data). DB_POOL_SIZE sets the server connections (default 10).',
  "Who acts: the CLI runs on the operator's machine with direct database access, so it acts as the system",
  'actor "cli" — allowed every use case, recorded as "cli" in the audit trail, without signing in.',
].join('\n');

export function defineCommand<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): Command {
  const options: Record<string, OptionSpec> = { ...spec.options, help: HELP_OPTION };
  const help = () => commandHelp(spec.name, spec.description, spec.positionals, options, spec.examples);
  return {
    name: spec.name,
    summary: spec.summary,
    help,
    async execute(argv, ctx) {
      const parsed = parseCommandLine(argv, options);
      if (parsed.values.help === true) {
        ctx.io.stdout.write(`${help()}\n`);
        return;
      }
      const missing = Object.entries(spec.options).filter(
        ([name, option]) => option.required && parsed.values[name] === undefined,
      );
      if (missing.length > 0) {
        throw new UsageError(
          `missing ${missing.map(([name, option]) => `--${name} ${option.value ?? ''}`.trim()).join(', ')}`,
        );
      }
      if (parsed.positionals.length < spec.positionals.length) {
        throw new UsageError(
          `missing ${spec.positionals
            .slice(parsed.positionals.length)
            .map((p) => `<${p.name}>`)
            .join(' ')}`,
        );
      }
      if (parsed.positionals.length > spec.positionals.length) {
        throw new UsageError(`unexpected argument "${parsed.positionals[spec.positionals.length]}"`);
      }
      await spec.run({ options: parsed.values as OptionValues<O>, positionals: parsed.positionals }, ctx);
    },
  };
}

/** node:util parseArgs, strict, with its errors turned into UsageErrors worded for this CLI. */
function parseCommandLine(argv: readonly string[], options: Record<string, OptionSpec>) {
  // Secrets on the command line end up in shell history and `ps`: say so rather than "unknown option".
  const password = argv.find((arg) => arg === '--password' || arg.startsWith('--password='));
  if (password !== undefined) {
    throw new UsageError(
      `${password.split('=')[0]} is not accepted: a password on the command line ends up in shell history; use --password-stdin`,
    );
  }
  try {
    return parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, option]) => [
          name,
          { type: option.type, ...(option.short ? { short: option.short } : {}) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      // "Unknown option '--x'. To specify a positional argument starting with a '-', place it at the end…": the first sentence says it.
      const message = (error as Error).message.replace(/\. To specify a positional.*$/s, '');
      throw new UsageError(message.charAt(0).toLowerCase() + message.slice(1));
    }
    throw error;
  }
}

function commandHelp(
  name: string,
  description: readonly string[],
  positionals: readonly PositionalSpec[],
  options: Record<string, OptionSpec>,
  examples: readonly string[],
): string {
  const flag = (option: string, spec: OptionSpec) =>
    `${spec.short ? `-${spec.short}, ` : ''}--${option}${spec.value ? ` ${spec.value}` : ''}`;
  const required = Object.entries(options).filter(([, spec]) => spec.required);
  const usage = [
    'ratings',
    name,
    ...positionals.map((p) => `<${p.name}>`),
    ...required.map(([option, spec]) => flag(option, spec)),
    '[options]',
  ].join(' ');
  const rows: [string, string][] = [
    ...positionals.map((p): [string, string] => [`<${p.name}>`, p.description]),
    ...Object.entries(options).map(([option, spec]): [string, string] => [
      flag(option, spec),
      `${spec.description}${spec.required ? ' (required)' : ''}`,
    ]),
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `Usage: ${usage}`,
    '',
    ...wrap(description),
    '',
    'Arguments and options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    '',
    ...(examples.length > 0 ? ['Examples:', ...examples.map((example) => `  ${example}`), ''] : []),
    ENVIRONMENT_HELP,
  ].join('\n');
}

/** Width of the help's text: fits a terminal of 100 columns. */
const HELP_WIDTH = 100;

/** Joins the fragments of each paragraph and wraps them at HELP_WIDTH, paragraphs separated by a blank line. */
function wrap(fragments: readonly string[]): string[] {
  const paragraphs = fragments
    .join('\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split(/\s+/).filter(Boolean));
  return paragraphs.flatMap((words, index) => {
    const lines: string[] = index > 0 ? [''] : [];
    let line = '';
    for (const word of words) {
      if (line !== '' && line.length + 1 + word.length > HELP_WIDTH) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    return line === '' ? lines : [...lines, line];
  });
}

/** A whole number option within bounds, or a UsageError naming it. */
export function wholeNumberOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${count(min)} to ${count(max)} (got "${raw}")`);
  }
  return value;
}

/** One of the allowed values, or a UsageError listing them. */
export function choiceOption<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}
