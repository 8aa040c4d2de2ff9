import 'reflect-metadata';
import { databaseTargetFromEnv, openDatabase } from '@ratings/core';
import { readApiConfig } from './config';
import { createLogger } from './logger';
import { createApiServer } from './server';

/** The API process: opens the database (it must be migrated: `npx ratings migrate`), serves, stops cleanly. */
async function main(): Promise<void> {
  const config = readApiConfig();
  const logger = createLogger(config.logLevel);
  const target = databaseTargetFromEnv();
  const dataSource = await openDatabase(target, { applicationName: 'ratings-api' });
  if (await dataSource.showMigrations()) {
    await dataSource.destroy();
    throw new Error('The database schema is not up to date: run `npx ratings migrate` first.');
  }
  const server = await createApiServer({ dataSource, logger, config });
  const url = await server.listen(config.port);
  logger.info({ url, engine: target.engine }, 'API ready');
  process.stdout.write(
    `GraphQL API ready at ${url} (database: ${target.engine === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite'})\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await server.stop();
    await dataSource.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
