/**
 * The two ways reading the API can fail, told apart all the way to the page: the API could not be
 * reached (outage: "try again later") or it answered with GraphQL errors (the request was refused).
 *
 * Next.js hides server error messages from the browser but keeps an error's `digest`, so each class
 * sets a digest with a known prefix and the error boundary (a client component) reads the kind from it.
 */

export const API_UNAVAILABLE_DIGEST_PREFIX = 'ratings-api-unavailable';
export const API_GRAPHQL_DIGEST_PREFIX = 'ratings-api-graphql';

/** A short random suffix so the reference a visitor reports matches one line of the server log. */
function digestFor(prefix: string): string {
  return `${prefix}:${globalThis.crypto.randomUUID().slice(0, 8)}`;
}

export type ApiUnavailableReason = 'network' | 'timeout' | 'http-status' | 'invalid-response';

/** The API did not answer, timed out, or answered with something that is not a GraphQL response. */
export class ApiUnavailableError extends Error {
  override readonly name = 'ApiUnavailableError';
  readonly digest = digestFor(API_UNAVAILABLE_DIGEST_PREFIX);

  constructor(
    readonly reason: ApiUnavailableReason,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface GraphQLErrorEntry {
  message: string;
  /** `extensions.code` from the API's error contract (`NOT_FOUND`, `BAD_USER_INPUT` …), if any. */
  code: string | null;
  /** For `BAD_USER_INPUT`: the argument at fault (`input.surname`, `period`). */
  argument: string | null;
  path: readonly (string | number)[] | null;
}

/** The API answered, with GraphQL errors. */
export class ApiGraphQLError extends Error {
  override readonly name = 'ApiGraphQLError';
  readonly digest = digestFor(API_GRAPHQL_DIGEST_PREFIX);

  constructor(
    readonly operationName: string,
    readonly errors: readonly GraphQLErrorEntry[],
  ) {
    super(
      `${operationName}: ${errors.map((error) => (error.code ? `[${error.code}] ${error.message}` : error.message)).join('; ')}`,
    );
  }

  hasCode(code: string): boolean {
    return this.errors.some((error) => error.code === code);
  }
}

export type ApiFailureKind = 'unavailable' | 'graphql' | 'other';

/** What the error boundary shows, from the digest that reaches the browser. */
export function apiFailureKind(digest: string | undefined): ApiFailureKind {
  if (digest?.startsWith(`${API_UNAVAILABLE_DIGEST_PREFIX}:`)) return 'unavailable';
  if (digest?.startsWith(`${API_GRAPHQL_DIGEST_PREFIX}:`)) return 'graphql';
  return 'other';
}
