import { uniqueViolationOf } from '@ratings/db';

/**
 * The database layer's errors that reach core's callers unchanged: a bad DATABASE_URL / DB_POOL_SIZE /
 * DATA_DIR, an embedded database held by another process, a value a bulk write cannot store. Exported here
 * so the API and the CLI recognise every error core throws with `instanceof`, without importing libs/db.
 */
export { BulkInsertError, DatabaseConfigError, DataDirLockedError } from '@ratings/db';

/**
 * Errors the use cases raise on purpose. `code` is one of the API's public error codes, so callers
 * (the API, the CLI) can report them without knowing each case.
 */
export type DomainErrorCode =
  'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'RATE_LIMITED';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalidInput = (field: string, message: string) =>
  new DomainError('BAD_USER_INPUT', `${field}: ${message}`, { argument: field });
/** The one NOT_FOUND: an unknown id or code (a pool, a list, a player …). */
export const notFound = (what: string, id: string | number) =>
  new DomainError('NOT_FOUND', `${what} ${id} does not exist`);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details);

/**
 * The one mapping of a unique constraint's refusal (PostgreSQL 23505) to the CONFLICT it is for the caller,
 * naming what clashed: `players (fide_id) = (4100018) already exists (unique constraint uq_players_fide_id) …`.
 * Null for any other error. Use cases with a friendlier message for a constraint they expect catch it first.
 */
export function uniqueViolationConflict(error: unknown): DomainError | null {
  const violation = uniqueViolationOf(error);
  if (violation === null) return null;
  const { constraint, table, columns, values } = violation;
  const key = columns === null ? '' : ` (${columns}) = (${values})`;
  return conflict(
    `${table ?? 'a row'}${key} already exists (unique constraint ${constraint ?? 'unnamed'}): ` +
      'another change wrote it first, possibly at the same moment; nothing was written, reload and try again',
    { constraint, table, columns, values },
  );
}
