import { createHash } from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import type { ApiContext } from './context';

interface Entry {
  result: FormattedExecutionResult;
  expiresAt: number;
}

/**
 * Whole answers to public queries, kept for a short time. What the public reads is published lists
 * (which never change) and player and tournament details (which rarely do), so a popular ranking is
 * computed once and then served from memory. Staff requests are never cached; any mutation through this
 * process empties the cache, and `ttlSeconds` bounds how stale an answer can be after a change made
 * elsewhere (the CLI, another instance). Answers with errors are not kept.
 */
export function responseCachePlugin(ttlSeconds: number, capacity = 2_000): ApolloServerPlugin<ApiContext> {
  const entries = new Map<string, Entry>();
  const keyOf = (context: GraphQLRequestContext<ApiContext>) =>
    createHash('sha256')
      .update(context.request.query ?? '')
      .update('\0')
      .update(context.request.operationName ?? '')
      .update('\0')
      .update(JSON.stringify(context.request.variables ?? {}))
      .digest('base64url');

  return {
    async requestDidStart(start) {
      if (ttlSeconds <= 0) return {};
      const cacheable = start.contextValue.viewer.kind !== 'staff';
      let key: string | null = null;
      return {
        async responseForOperation(context) {
          if (!cacheable || context.operation.operation !== 'query') return null;
          key = keyOf(context);
          const hit = entries.get(key);
          if (!hit) return null;
          if (hit.expiresAt <= Date.now()) {
            entries.delete(key);
            return null;
          }
          return { http: context.response.http, body: { kind: 'single', singleResult: hit.result } };
        },
        async willSendResponse(context) {
          if (context.operation?.operation === 'mutation') {
            entries.clear();
            return;
          }
          if (key === null || context.response.body.kind !== 'single') return;
          const result = context.response.body.singleResult;
          if (result.errors?.length || entries.has(key)) return;
          if (entries.size >= capacity) entries.delete(entries.keys().next().value as string);
          entries.set(key, { result: result as FormattedExecutionResult, expiresAt: Date.now() + ttlSeconds * 1000 });
        },
      };
    },
  };
}
