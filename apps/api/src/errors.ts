import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { RatingRuleError } from '@ratings/rating-rules';
import { DomainError, isInFailedTransaction, isStatementTimeout } from '@ratings/core';
import type { Logger } from './logger';

/** The one list of error codes the API answers with (README: "Errors"). */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  // Operations refused before they run, each naming its limit (README: "Limits").
  QUERY_TOO_LARGE: 'QUERY_TOO_LARGE',
  TOO_MANY_TOKENS: 'TOO_MANY_TOKENS',
  TOO_MANY_ALIASES: 'TOO_MANY_ALIASES',
  TOO_MANY_DIRECTIVES: 'TOO_MANY_DIRECTIVES',
  QUERY_TOO_DEEP: 'QUERY_TOO_DEEP',
  QUERY_TOO_COSTLY: 'QUERY_TOO_COSTLY',
  TOO_MANY_ROOT_FIELDS: 'TOO_MANY_ROOT_FIELDS',
  /** A public read cut by its statement timeout. */
  QUERY_TIMEOUT: 'QUERY_TIMEOUT',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  QUERY_TOO_LARGE: 400,
  TOO_MANY_TOKENS: 400,
  TOO_MANY_ALIASES: 400,
  TOO_MANY_DIRECTIVES: 400,
  QUERY_TOO_DEEP: 400,
  QUERY_TOO_COSTLY: 400,
  TOO_MANY_ROOT_FIELDS: 400,
  QUERY_TIMEOUT: 503,
};

export class ApiError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    const status = HTTP_STATUS[code];
    super(message, { extensions: { code, ...extensions, ...(status ? { http: { status } } : {}) } });
  }
}

export const badInput = (argument: string, message: string) =>
  new ApiError(ErrorCode.BAD_USER_INPUT, `${argument}: ${message}`, { argument });
export const notFound = (what: string, id: string | number) =>
  new ApiError(ErrorCode.NOT_FOUND, `${what} ${id} does not exist`);

/** Codes of the known, expected errors that pass through unmasked. */
const PUBLIC_CODES = new Set<string>(Object.values(ErrorCode).filter((c) => c !== ErrorCode.INTERNAL_SERVER_ERROR));
/** Codes graphql-js and Apollo give to malformed requests: the client's fault, shown as is. */
const REQUEST_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Maps what a resolver threw to the public error contract: known errors keep their code, input errors
 * become BAD_USER_INPUT naming the argument, and anything unexpected is logged and masked.
 */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const code = formatted.extensions?.code as string | undefined;
    const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };

    // graphql-armor's limits run as validation rules, and Apollo reports what they find as
    // GRAPHQL_VALIDATION_FAILED: the limit's own code is kept.
    if (
      code === 'GRAPHQL_VALIDATION_FAILED' &&
      error instanceof GraphQLError &&
      error.originalError instanceof ApiError
    ) {
      const { http: _http, ...extensions } = error.originalError.extensions;
      return { ...base, message: error.originalError.message, extensions };
    }
    if (isStatementTimeout(original)) {
      logger.warn({ path: formatted.path }, 'public read cut by its statement timeout');
      return { ...base, message: 'a database statement ran too long', extensions: { code: ErrorCode.QUERY_TIMEOUT } };
    }
    // Refused because an earlier statement of the same read transaction failed: that failure is reported.
    if (isInFailedTransaction(original)) {
      return {
        message: 'Internal server error',
        path: formatted.path,
        extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
      };
    }

    if (original instanceof RatingRuleError) {
      return {
        ...base,
        message: original.message,
        extensions: { code: ErrorCode.BAD_USER_INPUT, argument: original.field, reason: original.code },
      };
    }
    if (original instanceof DomainError) {
      return { ...base, message: original.message, extensions: { code: original.code, ...(original.details ?? {}) } };
    }
    if (original instanceof ArgumentValidationError) {
      const issues = original.extensions.validationErrors as
        { property: string; constraints?: Record<string, string> }[] | undefined;
      const first = issues?.[0];
      const message = first
        ? `${first.property}: ${Object.values(first.constraints ?? {}).join('; ')}`
        : formatted.message;
      return { ...base, message, extensions: { code: ErrorCode.BAD_USER_INPUT, argument: first?.property } };
    }
    if (code && (PUBLIC_CODES.has(code) || REQUEST_CODES.has(code))) {
      const { stacktrace: _stack, exception: _exception, ...extensions } = formatted.extensions ?? {};
      return { ...base, extensions };
    }
    logger.error(
      { err: original instanceof Error ? original : new Error(String(original)), path: formatted.path },
      'unexpected error',
    );
    return {
      message: 'Internal server error',
      path: formatted.path,
      extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
    };
  };
}
