import type { CliOutput } from './io';

/**
 * Progress of a long command, on stderr so that stdout keeps only results. On a terminal the line in progress
 * is rewritten in place; elsewhere (a log file, CI) only the lines that stay are written, one per line.
 */
export interface Progress {
  /** A line that stays: a finished step, a month's summary. */
  log(line: string): void;
  /** The step in progress: rewritten in place on a terminal, not written elsewhere. */
  status(line: string): void;
  /** Clears the line in progress. */
  clear(): void;
}

/** Fastest rate at which the line in progress is redrawn: faster is flicker nobody can read. */
const REDRAW_INTERVAL_MS = 80;
/** Width assumed when the terminal does not say. */
const DEFAULT_COLUMNS = 80;
const CLEAR_LINE = '\r\x1b[2K';

export function createProgress(stream: CliOutput, options: { quiet?: boolean } = {}): Progress {
  if (options.quiet) return { log: () => undefined, status: () => undefined, clear: () => undefined };
  if (!stream.isTTY)
    return { log: (line) => stream.write(`${line}\n`), status: () => undefined, clear: () => undefined };
  let shown = false;
  let lastDraw = 0;
  const clear = () => {
    if (shown) stream.write(CLEAR_LINE);
    shown = false;
  };
  return {
    log(line) {
      clear();
      stream.write(`${line}\n`);
    },
    status(line) {
      const now = Date.now();
      if (shown && now - lastDraw < REDRAW_INTERVAL_MS) return;
      lastDraw = now;
      const width = (stream.columns ?? DEFAULT_COLUMNS) - 1;
      stream.write(`${CLEAR_LINE}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
      shown = true;
    },
    clear,
  };
}
