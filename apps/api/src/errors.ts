import {
  GraphQLError,
  Kind,
  parse,
  visit,
  type DocumentNode,
  type GraphQLFormattedError,
  type ValueNode,
} from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { RatingRuleError } from '@ratings/rating-rules';
import {
  connectionFailure,
  DomainError,
  isInFailedTransaction,
  isPoolExhausted,
  isStatementTimeout,
} from '@ratings/core';
import type { Logger } from './logger';

/** The one list of error codes the API answers with (README: "Errors"). */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Every database connection of this instance stayed busy: an overload, retried in a moment. */
  SERVER_BUSY: 'SERVER_BUSY',
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
  // Requests refused over HTTP before GraphQL reads them (http.ts).
  BAD_REQUEST: 'BAD_REQUEST',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
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

/** What callers read during a database outage: no address, no driver message (those go to the log). */
export const OUTAGE_MESSAGE = 'The database is unavailable; retry later';
/** What callers read when every database connection stayed busy for the pool's wait limit. */
export const BUSY_MESSAGE = 'The server is busy; retry in a moment';

export class ApiError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    const status = HTTP_STATUS[code];
    super(message, { extensions: { code, ...extensions, ...(status ? { http: { status } } : {}) } });
  }
}

export const badInput = (argument: string, message: string, extensions: Record<string, unknown> = {}) =>
  new ApiError(ErrorCode.BAD_USER_INPUT, `${argument}: ${message}`, { argument, ...extensions });
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
 * (a value graphql-js refused included) become BAD_USER_INPUT naming the argument, and anything unexpected
 * is logged and masked.
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
    if (isPoolExhausted(original)) {
      // An overload, not an outage and not a bug: outage.ts answers 503 with a short Retry-After.
      return { message: BUSY_MESSAGE, path: formatted.path, extensions: { code: ErrorCode.SERVER_BUSY } };
    }
    if (connectionFailure(original)) {
      // An outage, not a bug: outage.ts answers 503 and logs the state change once, not every failed request.
      return {
        message: OUTAGE_MESSAGE,
        path: formatted.path,
        extensions: { code: ErrorCode.SERVICE_UNAVAILABLE },
      };
    }
    const argument = formatted.extensions?.argument === undefined ? argumentOfRefusedValue(error) : undefined;
    if (argument !== undefined) {
      return {
        ...base,
        message: `${argument}: ${formatted.message}`,
        extensions: { code: ErrorCode.BAD_USER_INPUT, argument },
      };
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

/** Every leaf of every argument value in a document (scalars, enums, variables), with its argument path. */
function argumentLeaves(document: DocumentNode): { path: string; node: ValueNode }[] {
  const leaves: { path: string; node: ValueNode }[] = [];
  const collect = (node: ValueNode, path: string): void => {
    if (node.kind === Kind.OBJECT) {
      for (const field of node.fields) collect(field.value, `${path}.${field.name.value}`);
    } else if (node.kind === Kind.LIST) {
      node.values.forEach((item, index) => collect(item, `${path}[${index}]`));
    } else {
      leaves.push({ path, node });
    }
  };
  visit(document, {
    Argument(argument) {
      collect(argument.value, argument.name.value);
      return false;
    },
  });
  return leaves;
}

/**
 * The argument a refused value belongs to, for the two errors graphql-js raises without naming it: a literal
 * it could not coerce (a validation error located at the value: `asOf: "2026-13-45"`, `first: 1e20`, an
 * unknown enum value), and a variable it could not coerce (BAD_USER_INPUT located at the variable's
 * definition: the first argument that uses the variable). Undefined for any other error.
 */
function argumentOfRefusedValue(error: unknown): string | undefined {
  if (!(error instanceof GraphQLError) || !error.source || !error.nodes?.length) return undefined;
  const [node] = error.nodes;
  const code = error.extensions.code;
  let matches: (leaf: ValueNode) => boolean;
  if (code === ErrorCode.BAD_USER_INPUT && node.kind === Kind.VARIABLE_DEFINITION) {
    const name = node.variable.name.value;
    matches = (leaf) => leaf.kind === Kind.VARIABLE && leaf.name.value === name;
  } else if (code === 'GRAPHQL_VALIDATION_FAILED' && node.kind !== Kind.VARIABLE) {
    const start = error.positions?.[0];
    matches = (leaf) => leaf.kind !== Kind.VARIABLE && leaf.loc?.start === start;
  } else {
    return undefined;
  }
  // The error keeps the request's text, not its syntax tree: parse it again to find the argument around the node.
  return argumentLeaves(parse(error.source)).find((leaf) => matches(leaf.node))?.path;
}
