import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@ratings/core/testing';
import { readApiConfig, type ApiConfig } from '../config';
import { createLogger } from '../logger';
import type { ResponseCache } from '../response-cache';
import { createApiServer, type ApiServer } from '../server';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

export interface TestApi {
  db: DataSource;
  /** Base URL of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  graphqlUrl: string;
  /** POSTs a GraphQL operation over HTTP, like any client. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  /** Counts the SQL statements the database receives while `work` runs (only those matching `sql`, if given). */
  countQueries(work: () => Promise<unknown>, sql?: RegExp): Promise<number>;
  responseCache: ResponseCache;
  stop(): Promise<void>;
}

/**
 * The real API on a fresh, migrated database (the DATABASE_URL server, or PGlite), listening on a free
 * port: integration tests talk to it over HTTP.
 */
export async function startTestApi(
  options: { engine?: 'env' | 'pglite'; config?: Partial<ApiConfig> } = {},
): Promise<TestApi> {
  const database: TestDatabase = await createTestDatabase({ engine: options.engine ?? 'env' });
  const db = database.dataSource;
  const statements: string[] = [];
  // Count statements at the TypeORM query runner level: every db.query and every find goes through it.
  const originalQuery = db.createQueryRunner;
  db.createQueryRunner = function (...args: Parameters<DataSource['createQueryRunner']>) {
    const queryRunner = originalQuery.apply(this, args);
    const query = queryRunner.query.bind(queryRunner);
    queryRunner.query = ((...queryArgs: Parameters<typeof query>) => {
      statements.push(queryArgs[0]);
      return query(...queryArgs);
    }) as typeof queryRunner.query;
    return queryRunner;
  };
  const server: ApiServer = await createApiServer({
    dataSource: db,
    logger: createLogger('silent'),
    // No webhook dispatcher unless a test asks: its polls would count in countQueries.
    config: { ...readApiConfig({}), host: '127.0.0.1', webhookPollMs: 0, ...options.config },
  });
  const graphqlUrl = await server.listen(0, '127.0.0.1');
  const origin = graphqlUrl.replace(/\/graphql$/, '');
  return {
    db,
    origin,
    graphqlUrl,
    async gql(query, variables = {}, headers = {}) {
      const response = await fetch(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as Omit<GraphQLResponse, 'status' | 'headers'>;
      return { status: response.status, headers: response.headers, ...body } as never;
    },
    async countQueries(work, sql) {
      const before = statements.length;
      await work();
      return statements.slice(before).filter((statement) => !sql || sql.test(statement)).length;
    },
    responseCache: server.responseCache,
    async stop() {
      await server.stop();
      await database.destroy();
    },
  };
}
