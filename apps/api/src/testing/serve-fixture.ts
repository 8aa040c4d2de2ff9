import 'reflect-metadata';
import { createTestDatabase } from '@ratings/core/testing';
import { readApiConfig } from '../config';
import { createLogger } from '../logger';
import { createApiServer } from '../server';
import { buildSmallFederation } from './federation-fixture';

/**
 * The API on an in-memory database holding the small test federation, for the site's browser tests
 * before a demo database exists: `node dist/testing/serve-fixture.js [port]` prints the GraphQL URL.
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 0);
  const database = await createTestDatabase({ engine: 'pglite' });
  await buildSmallFederation(database.dataSource);
  const server = await createApiServer({
    dataSource: database.dataSource,
    logger: createLogger('warn'),
    config: { ...readApiConfig({}), host: '127.0.0.1' },
  });
  const url = await server.listen(port, '127.0.0.1');
  process.stdout.write(`${url}\n`);
  const stop = async () => {
    await server.stop();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
