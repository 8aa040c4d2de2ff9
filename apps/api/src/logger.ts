import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; LOG_LEVEL chooses how much ("silent" in tests). */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: 'ratings-api' }, timestamp: pino.stdTimeFunctions.isoTime });
}
