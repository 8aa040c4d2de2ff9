import { ApiGraphQLError, ApiUnavailableError, type GraphQLErrorEntry } from './api-error';
import type { TypedDocumentString } from '@/__generated__/graphql';

/**
 * One POST of a generated document to the API, without caching and without `server-only`: the proxy reads the
 * API's filter values through it too (`ranking-filters.ts`). Pages go through `api.ts`.
 */

/** Where the API listens when `API_URL` is not set: the API's default port on this machine. */
export const DEFAULT_API_URL = 'http://127.0.0.1:4000/graphql';
export function apiUrl(): string {
  return process.env.API_URL || DEFAULT_API_URL;
}

/** How long a request waits for the API before giving up. */
export const API_TIMEOUT_MS = 10_000;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Variables = Record<string, JsonValue | undefined>;

/**
 * The name the API logs an operation under and errors name it by. Codegen records it in each document's
 * metadata (`onExecutableDocumentNode` in codegen.ts), so a document not generated from a `graphql()` call
 * has none.
 */
export function operationName(document: Pick<TypedDocumentString<unknown, never>, '__meta__'>): string {
  const name: unknown = document.__meta__?.operationName;
  if (typeof name !== 'string')
    throw new TypeError('This GraphQL document has no operation name: write it with graphql()');
  return name;
}

interface GraphQLResponseBody {
  data?: unknown;
  errors?: unknown;
}

function toErrorEntries(errors: unknown[]): GraphQLErrorEntry[] {
  return errors.map((raw) => {
    const error = (typeof raw === 'object' && raw !== null ? raw : {}) as {
      message?: unknown;
      path?: unknown;
      extensions?: { code?: unknown; argument?: unknown };
    };
    return {
      message: typeof error.message === 'string' ? error.message : 'Unknown GraphQL error',
      code: typeof error.extensions?.code === 'string' ? error.extensions.code : null,
      argument: typeof error.extensions?.argument === 'string' ? error.extensions.argument : null,
      path: Array.isArray(error.path) ? (error.path as (string | number)[]) : null,
    };
  });
}

/**
 * One POST to the API, uncached: the answer's `data`, or an `ApiUnavailableError` (no answer, timeout,
 * not a GraphQL response) or an `ApiGraphQLError` (the API answered with errors). A staff member's
 * `bearerToken` goes in the `Authorization` header (the staff console, never a public page).
 */
export async function postGraphQL<TData, TVariables extends Variables>(
  url: string,
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
  timeoutMs: number = API_TIMEOUT_MS,
  bearerToken?: string,
): Promise<TData> {
  const name = operationName(document);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(bearerToken ? { authorization: `Bearer ${bearerToken}` } : {}),
      },
      body: JSON.stringify({ operationName: name, query: document.toString(), variables }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'TimeoutError') {
      throw new ApiUnavailableError(
        'timeout',
        `${name}: the API at ${url} did not answer within ${timeoutMs} ms`,
        null,
        { cause },
      );
    }
    throw new ApiUnavailableError('network', `${name}: the API at ${url} cannot be reached`, null, { cause });
  }

  let body: GraphQLResponseBody;
  try {
    body = (await response.json()) as GraphQLResponseBody;
  } catch (cause) {
    const reason = response.ok ? 'invalid-response' : 'http-status';
    throw new ApiUnavailableError(
      reason,
      `${name}: the API answered HTTP ${response.status} without a GraphQL body`,
      response.status,
      { cause },
    );
  }
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    throw new ApiGraphQLError(name, toErrorEntries(body.errors));
  }
  if (!response.ok) {
    throw new ApiUnavailableError('http-status', `${name}: the API answered HTTP ${response.status}`, response.status);
  }
  if (typeof body.data !== 'object' || body.data === null) {
    throw new ApiUnavailableError(
      'invalid-response',
      `${name}: the API's answer has neither data nor errors`,
      response.status,
    );
  }
  return body.data as TData;
}
