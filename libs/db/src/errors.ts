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

/** The fields of the PostgreSQL error behind `error`: the raw pg error, or the one TypeORM wraps in `driverError`. */
function serverErrorFields(error: unknown): Record<string, unknown> {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  return (typeof driverError === 'object' && driverError !== null ? driverError : {}) as Record<string, unknown>;
}

/** True for the error the database raises when a statement would change a published rating list. */
export function isPublishedListImmutableError(error: unknown): boolean {
  const { code, constraint } = serverErrorFields(error);
  return code === RESTRICT_VIOLATION && constraint === PUBLISHED_LIST_IMMUTABLE_CONSTRAINT;
}

/** SQLSTATE `query_canceled` (appendix A, class 57): what a statement cut by `statement_timeout` fails with. */
const QUERY_CANCELED = '57014';
/** SQLSTATE `in_failed_sql_transaction` (class 25): a statement refused because an earlier one of its transaction failed. */
const IN_FAILED_SQL_TRANSACTION = '25P02';

/** True when the database cancelled the statement: its `statement_timeout` ran out (or an operator cancelled it). */
export function isStatementTimeout(error: unknown): boolean {
  return serverErrorFields(error).code === QUERY_CANCELED;
}

/** True when the statement never ran because an earlier statement of the same transaction had failed. */
export function isInFailedTransaction(error: unknown): boolean {
  return serverErrorFields(error).code === IN_FAILED_SQL_TRANSACTION;
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
  const { code, constraint, table, detail } = serverErrorFields(error);
  if (code !== UNIQUE_VIOLATION) return null;
  const key = typeof detail === 'string' ? UNIQUE_VIOLATION_DETAIL.exec(detail) : null;
  return {
    constraint: typeof constraint === 'string' ? constraint : null,
    table: typeof table === 'string' ? table : null,
    columns: key?.[1] ?? null,
    values: key?.[2] ?? null,
  };
}

/** Who holds the embedded database's data directory, as its lock file records it. */
export interface DataDirHolder {
  readonly pid: number;
  /** What the process is: the data source's application name ("ratings-api", "ratings-cli"). */
  readonly program: string;
  /** When it took the lock (ISO 8601). */
  readonly since: string;
}

/** The embedded database is open in another live process: PGlite serves one process at a time. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by ${holder.program} (pid ${holder.pid}, since ${holder.since}); ` +
        'it serves one process at a time: stop that process and try again, or set DATABASE_URL to use a PostgreSQL server ' +
        `(if no process ${holder.pid} is running, delete ${lockFile})`,
    );
  }
}

/** What a connection failure reports: the driver's code (null for node-postgres' code-less errors) and message. */
export interface ConnectionFailure {
  readonly code: string | null;
  readonly message: string;
}

/** Node's socket and DNS errors for a server that cannot be reached or went away mid-conversation. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down). */
const SERVER_UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = '08';
/**
 * node-postgres 8 reports these without a code: the socket ended under a client, a client broken by an earlier
 * connection error, a new connection not made within `connectionTimeoutMillis`.
 */
const DRIVER_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
]);
/**
 * pg-pool's answer to a caller that waited `connectionTimeoutMillis` for one of a full pool's connections: every
 * connection was busy, the database itself answers (a new connection that cannot be made fails with one of the
 * errors above instead).
 */
const POOL_WAIT_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** The error and those it wraps (TypeORM's `driverError`, an `AggregateError`'s parts, a `cause`), each once. */
function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const candidate = pending.pop();
    if (typeof candidate !== 'object' || candidate === null || seen.has(candidate)) continue;
    seen.add(candidate);
    const { driverError, cause, errors } = candidate as Record<string, unknown>;
    yield candidate as Record<string, unknown>;
    pending.push(driverError, cause, ...(Array.isArray(errors) ? errors : []));
  }
}

/** Whether the error is a wait for a connection of a saturated pool (an overload, not an outage). */
export function isPoolExhausted(error: unknown): boolean {
  for (const candidate of errorChain(error)) if (candidate.message === POOL_WAIT_TIMEOUT_MESSAGE) return true;
  return false;
}

/**
 * The one test of "the database cannot be reached" (an outage, not a bug): the driver's error, or one wrapping
 * it (TypeORM's `driverError`, an `AggregateError` of the addresses tried, a `cause`), recognised by its code.
 * Null for any other error.
 */
export function connectionFailure(error: unknown): ConnectionFailure | null {
  for (const { code, message, errors } of errorChain(error)) {
    const text = typeof message === 'string' ? message : '';
    if (
      typeof code === 'string' &&
      (NETWORK_ERROR_CODES.has(code) ||
        SERVER_UNAVAILABLE_SQLSTATES.has(code) ||
        code.startsWith(CONNECTION_EXCEPTION_CLASS))
    ) {
      // Connecting to "localhost" tries ::1 and 127.0.0.1: the AggregateError has the code, its parts the text.
      return { code, message: text || firstMessage(errors) || code };
    }
    if (DRIVER_CONNECTION_MESSAGES.has(text)) return { code: null, message: text };
  }
  return null;
}

function firstMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  return errors
    .map((e) => (e as { message?: unknown } | null)?.message)
    .find((m) => typeof m === 'string' && m !== '') as string | undefined;
}
