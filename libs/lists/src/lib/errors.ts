export type ListErrorCode =
  /** The file is not in the format named (its header, root element or columns say otherwise). */
  | 'WRONG_FORMAT'
  /** The file ends in the middle of a record. */
  | 'TRUNCATED'
  /** A value starts or ends where its column's neighbour should be: the line's columns are shifted. */
  | 'MISALIGNED_FIELD'
  /** A number that is not one (ids, ratings, games, K, years). */
  | 'INVALID_NUMBER'
  /** A rating outside 0…3500, a K outside 1…100. */
  | 'IMPOSSIBLE_RATING'
  /** A birth year before 1800 or after the list's year. */
  | 'IMPOSSIBLE_DATE'
  /** Any other value the format does not allow (a sex, a federation, a flag, a boolean, a missing name). */
  | 'INVALID_VALUE';

/** The one error of this library: where (1-based line and column, the column's name) and what. */
export class ListError extends Error {
  constructor(
    readonly code: ListErrorCode,
    readonly line: number,
    readonly column: number,
    readonly field: string | null,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}${field ? ` (${field})` : ''}: ${problem}`);
    this.name = 'ListError';
  }
}
