/** A database setting (environment variable or factory option) that cannot be used, naming it and why. */
export class DatabaseConfigError extends Error {
  override readonly name = 'DatabaseConfigError';

  constructor(
    readonly setting: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`${setting} ${reason} (got ${JSON.stringify(value)})`);
  }
}

/** A bulk write whose columns do not fit the table: unknown property, ragged lengths, value of the wrong kind. */
export class BulkInsertError extends Error {
  override readonly name = 'BulkInsertError';

  constructor(
    readonly table: string,
    readonly column: string | null,
    reason: string,
  ) {
    super(`bulk insert into ${table}${column === null ? '' : `.${column}`}: ${reason}`);
  }
}

/**
 * The constraint name the immutability triggers report (SQLSTATE 23001 restrict_violation) when a statement
 * touches a published rating list or its rows.
 */
export const PUBLISHED_LIST_IMMUTABLE_CONSTRAINT = 'published_rating_list_immutable';
const RESTRICT_VIOLATION = '23001';

/** True for the error the database raises when a statement would change a published rating list. */
export function isPublishedListImmutableError(error: unknown): boolean {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const { code, constraint } = (driverError ?? {}) as { code?: unknown; constraint?: unknown };
  return code === RESTRICT_VIOLATION && constraint === PUBLISHED_LIST_IMMUTABLE_CONSTRAINT;
}
