import type { ApolloServerPlugin } from '@apollo/server';
import { connectionFailure, isPoolExhausted } from '@ratings/core';
import type { ApiContext } from './context';
import { ErrorCode } from './errors';

/**
 * Runs a public query's reads in its ReadTransaction: begun when the query executes (an answer from the cache,
 * or shared with an identical request in flight, takes no connection), ended as soon as it has run. A read cut
 * by the statement timeout turns the whole answer into one QUERY_TIMEOUT error with HTTP 503: the transaction
 * is aborted, so nothing else it would say can be trusted.
 */
export function publicReadsPlugin(): ApolloServerPlugin<ApiContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart(context) {
          const { readTransaction: reads, logger } = context.contextValue;
          if (!reads) return;
          // An unreachable database is the outage plugin's to report, once, and a saturated pool is answered
          // SERVER_BUSY; anything else is a bug worth a line.
          const logUnlessOutage = (what: string) => (error: unknown) => {
            if (!connectionFailure(error) && !isPoolExhausted(error)) logger.error({ err: error }, what);
          };
          if (context.operation.operation === 'query') {
            // The resolvers then fail on the same cause, each with its own error.
            await reads.begin().catch(logUnlessOutage('read transaction not begun'));
          }
          return {
            async executionDidEnd() {
              await reads.end().catch(logUnlessOutage('read transaction not ended'));
              const body = context.response.body;
              const timedOut =
                body?.kind === 'single' &&
                body.singleResult.errors?.some((error) => error.extensions?.code === ErrorCode.QUERY_TIMEOUT);
              if (!timedOut) return;
              const limitMs = reads.statementTimeoutMs;
              context.response.http.status = 503;
              context.response.body = {
                kind: 'single',
                singleResult: {
                  errors: [
                    {
                      message: `A database statement of this query ran longer than ${limitMs} ms, the limit for public reads. Ask for less (smaller pages, fewer fields) or try again later.`,
                      extensions: { code: ErrorCode.QUERY_TIMEOUT, limit: 'publicStatementTimeoutMs', max: limitMs },
                    },
                  ],
                },
              };
            },
          };
        },
      };
    },
  };
}
