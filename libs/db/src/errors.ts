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

/** SQLSTATE of a unique-constraint violation (PostgreSQL appendix A, class 23). */
const UNIQUE_VIOLATION = '23505';
/** How PostgreSQL details a unique violation: `Key (pool_id, code)=(3, standard) already exists.` */
const UNIQUE_VIOLATION_DETAIL = /^Key \((.+)\)=\((.*)\) already exists\.?$/s;

/** What a unique violation says clashed. */
export interface UniqueViolation {
  readonly constraint: string | null;
  readonly table: string | null;
  /** The key's columns and values as the server's detail gives them (`fide_id`, `4100018`); null without a detail. */
  readonly columns: string | null;
  readonly values: string | null;
}

/** The clash a unique violation reports (raw pg error or TypeORM `QueryFailedError`); null for any other error. */
export function uniqueViolationOf(error: unknown): UniqueViolation | null {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const { code, constraint, table, detail } = (driverError ?? {}) as Record<string, unknown>;
  if (code !== UNIQUE_VIOLATION) return null;
  const key = typeof detail === 'string' ? UNIQUE_VIOLATION_DETAIL.exec(detail) : null;
  return {
    constraint: typeof constraint === 'string' ? constraint : null,
    table: typeof table === 'string' ? table : null,
    columns: key?.[1] ?? null,
    values: key?.[2] ?? null,
  };
}
