/**
 * Helpers shared by the entity definitions (not exported by the package). CHECK helpers build a constraint and
 * the TypeScript union it guards from one list; the migration that created a constraint keeps its own frozen SQL.
 */

/** `"status" IN ('DRAFT', 'PUBLISHED')`. */
export function oneOf(column: string, values: readonly string[]): string {
  return `"${column}" IN (${values.map((value) => `'${value}'`).join(', ')})`;
}

/** Lowercase SHA-256 digest: 64 hex digits. */
export const SHA256_HEX_PATTERN = '^[0-9a-f]{64}$';
export const SHA256_HEX_LENGTH = 64;

/** Federation codes are FIDE's three capital letters ('CAN', 'FRA', 'GER'). */
export const FEDERATION_PATTERN = '^[A-Z]{3}$';
export const FEDERATION_LENGTH = 3;

/**
 * Join columns of the composite foreign key (list_id, pool_id, effective_date) → rating_lists, which keeps the
 * pool and date copied onto entries and changes equal to their list's.
 */
export const LIST_POOL_DATE_JOIN = [
  { name: 'list_id', referencedColumnName: 'id' },
  { name: 'pool_id', referencedColumnName: 'poolId' },
  { name: 'effective_date', referencedColumnName: 'effectiveDate' },
];
