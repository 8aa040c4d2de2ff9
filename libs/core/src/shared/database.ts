import type { EntityManager } from 'typeorm';

/** SQLSTATE of a unique-constraint violation (PostgreSQL appendix A, class 23). */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE `query_canceled` (appendix A, class 57): what a statement cut by `statement_timeout` fails with. */
const QUERY_CANCELED = '57014';
/** SQLSTATE `in_failed_sql_transaction` (class 25): a statement refused because an earlier one of its transaction failed. */
const IN_FAILED_SQL_TRANSACTION = '25P02';

/** The PostgreSQL error behind `error` (TypeORM wraps it in `driverError`). */
function databaseError(error: unknown): { code?: unknown; constraint?: unknown } {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  return (driverError ?? {}) as { code?: unknown; constraint?: unknown };
}

/** True when `error` is the database refusing a duplicate on `constraint` (any unique constraint if omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = databaseError(error);
  return fields.code === UNIQUE_VIOLATION && (constraint === undefined || fields.constraint === constraint);
}

/** True when the database cancelled the statement: its `statement_timeout` ran out (or an operator cancelled it). */
export function isStatementTimeout(error: unknown): boolean {
  return databaseError(error).code === QUERY_CANCELED;
}

/** True when the statement never ran because an earlier statement of the same transaction had failed. */
export function isInFailedTransaction(error: unknown): boolean {
  return databaseError(error).code === IN_FAILED_SQL_TRANSACTION;
}

export interface StatementResult<R> {
  readonly rows: R[];
  readonly affected: number;
}

/**
 * Runs one SQL statement in the manager's transaction and returns its rows and the number of rows it
 * touched (TypeORM's `manager.query` reports the count differently per statement kind).
 */
export async function execute<R = Record<string, unknown>>(
  manager: EntityManager,
  sql: string,
  parameters: unknown[] = [],
): Promise<StatementResult<R>> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('execute() needs the entity manager of a transaction');
  const result = await runner.query(sql, parameters, true);
  return { rows: (result.records ?? []) as R[], affected: result.affected ?? 0 };
}

/** A JSON-safe copy for the audit trail (dates become ISO strings), without the listed properties. */
export function snapshot<T extends object>(value: T, omit: readonly (keyof T)[] = []): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!omit.includes(key as keyof T) && typeof field !== 'function') copy[key] = field;
  }
  return JSON.parse(JSON.stringify(copy)) as Record<string, unknown>;
}
