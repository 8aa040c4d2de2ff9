import 'server-only';
import { createHash } from 'node:crypto';
import { unstable_cache } from 'next/cache';
import { connection } from 'next/server';
import type { TypedDocumentString } from '@/__generated__/graphql';
import { ApiGraphQLError, ApiUnavailableError, type GraphQLErrorEntry } from './api-error';
import type { CacheTag } from './cache-tags';
import { publicApiBase } from './public-api';

/**
 * The site's only door to the ratings API: server components call `queryApi` with a document
 * written with `graphql()` (typed by codegen from the API's schema: the answer's type and the
 * variables' travel with it) and the cache tags the answer depends on. No client component ever fetches.
 */

/** Where the API listens when `API_URL` is not set: the API's default port on this machine. */
export const DEFAULT_API_URL = 'http://127.0.0.1:4000/graphql';
/** How long a page waits for the API before showing the outage page instead. */
export const API_TIMEOUT_MS = 10_000;
/**
 * Cached answers are refetched at least this often. Freshness normally comes from the API calling
 * `/api/revalidate` when it publishes; this only bounds staleness if such a call is ever lost.
 */
export const CACHE_MAX_AGE_SECONDS = 3600;

export function apiUrl(): string {
  return process.env.API_URL || DEFAULT_API_URL;
}

/** The API's address as the visitor's browser reaches it (download links): see `public-api.ts`. */
export function publicApiUrl(): string {
  return publicApiBase({ PUBLIC_API_URL: process.env.PUBLIC_API_URL, API_URL: process.env.API_URL }, DEFAULT_API_URL);
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
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

/**
 * Reads the API from a server component. The page renders at request time (`connection()`: the API
 * need not run during `next build`), and the answer is cached under `tags` until the API revalidates
 * them. Only successful answers are cached: an outage or a GraphQL error is retried on the next visit.
 */
export async function queryApi<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
  tags: readonly CacheTag[],
): Promise<TData> {
  await connection();
  // The key covers the document and the API's address too, so a changed query never reads an answer
  // cached for the old one, and a site pointed at another API (demo, tests) never reads the last one's.
  const url = apiUrl();
  const key = createHash('sha256')
    .update(url)
    .update(document.toString())
    .update(JSON.stringify(variables))
    .digest('base64url');
  const cachedQuery = unstable_cache(
    () => postGraphQL(url, document, variables),
    ['ratings-api', operationName(document), key],
    {
      tags: [...tags],
      revalidate: CACHE_MAX_AGE_SECONDS,
    },
  );
  return cachedQuery();
}

/**
 * Reads the API per request, never cached: for answers to what a visitor typed (a what-if's system and
 * parameters), which would otherwise file one cache entry per query string anyone cares to send.
 */
export async function queryApiUncached<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
): Promise<TData> {
  await connection();
  return postGraphQL(apiUrl(), document, variables);
}
