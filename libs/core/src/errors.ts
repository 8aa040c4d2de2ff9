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
export const notFound = (what: string, id: string | number) =>
  new DomainError('NOT_FOUND', `${what} ${id} does not exist`);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details);
