import type { Readable, Writable } from 'node:stream';

/** A terminal input: raw mode lets a prompt read a password without echoing it. */
export type CliInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
export type CliOutput = Writable & { isTTY?: boolean; columns?: number };

/**
 * What a command reads and writes: the process's own streams and environment when run from a shell, in-memory
 * streams in tests. Results go to stdout, progress and errors to stderr.
 */
export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly stdin: CliInput;
  readonly env: NodeJS.ProcessEnv;
}

export const processIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});

/** Writes text, waiting when the stream asks to (a large export piped into a slow reader). */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/** 12345 → "12,345": counts read at a glance. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** "1 tournament", "12 tournaments". */
export const counted = (n: number, noun: string): string => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Milliseconds as "850 ms", "12.4 s" or "2 min 05 s". */
export function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
