import pino from 'pino';
import type { Logger as TypeOrmLogger } from 'typeorm';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; LOG_LEVEL chooses how much ("silent" in tests). */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: 'ratings-api' }, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * TypeORM's messages as JSON lines of the API's log. A failed query is only a debug line: the API logs what
 * matters itself — unexpected errors with their request id, a database outage once per state change.
 */
export function databaseLogger(logger: Logger): TypeOrmLogger {
  const log = logger.child({ component: 'typeorm' });
  return {
    logQuery: (query) => log.trace({ query }, 'query'),
    logQueryError: (error, query) =>
      log.debug({ query, reason: error instanceof Error ? error.message : error }, 'query failed'),
    logQuerySlow: (ms, query) => log.warn({ ms, query }, 'slow query'),
    logSchemaBuild: (message) => log.debug(message),
    logMigration: (message) => log.info(message),
    log: (level, message) => log[level === 'log' ? 'info' : level](String(message)),
  };
}
