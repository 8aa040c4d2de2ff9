import { uniqueViolationOf } from '@ratings/db';
import type { DataSource, EntityManager } from 'typeorm';
import { uniqueViolationConflict } from '../errors';

export { isInFailedTransaction, isStatementTimeout } from '@ratings/db';

/** True when `error` is the database refusing a duplicate on `constraint` (any unique constraint if omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violation = uniqueViolationOf(error);
  return violation !== null && (constraint === undefined || violation.constraint === constraint);
}

/**
 * A use case's one transaction. A unique constraint that refuses a write in it (typically a concurrent write
 * that slipped past the use case's own checks) comes out as a CONFLICT naming what clashed, never as a raw
 * database error.
 */
export async function runTransaction<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw uniqueViolationConflict(error) ?? error;
  }
}

/** A JSON-safe copy for the audit trail (dates become ISO strings), without the listed properties. */
export function snapshot<T extends object>(value: T, omit: readonly (keyof T)[] = []): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!omit.includes(key as keyof T) && typeof field !== 'function') copy[key] = field;
  }
  return JSON.parse(JSON.stringify(copy)) as Record<string, unknown>;
}
