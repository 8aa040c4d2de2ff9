import { tracing } from './tracing-bootstrap';
import 'reflect-metadata';
import { databaseTargetFromEnv, openDatabase } from '@ratings/core';
import { readApiConfig } from './config';
import { createLogger, databaseLogger } from './logger';
import { createApiServer } from './server';

/**
 * Past this, a stop that is still waiting (the database not closing) gives up and exits: Docker sends SIGKILL
 * 10 s after SIGTERM, and the requests in flight have had their DRAIN_GRACE_MS by then.
 */
const SHUTDOWN_TIMEOUT_MS = 4_500;

/** The API process: opens the database (it must be migrated: `npx ratings migrate`), serves, stops cleanly. */
async function main(): Promise<void> {
  const config = readApiConfig();
  const logger = createLogger(config.logLevel);
  const target = databaseTargetFromEnv();
  const dataSource = await openDatabase(target, {
    applicationName: 'ratings-api',
    logger: databaseLogger(logger),
    // An idle pooled connection lost: no request failed; the next one that cannot connect reports the outage.
    onPoolError: (error) => logger.debug({ reason: error.message }, 'idle database connection lost'),
  });
  if (await dataSource.showMigrations()) {
    await dataSource.destroy();
    throw new Error('The database schema is not up to date: run `npx ratings migrate` first.');
  }
  const server = await createApiServer({ dataSource, logger, config });
  const url = await server.listen(config.port);
  logger.info(
    {
      url,
      engine: target.engine,
      replicas: target.engine === 'postgres' ? (target.replicaUrls?.length ?? 0) : 0,
      tracing: tracing !== null,
    },
    'API ready',
  );
  process.stdout.write(
    `GraphQL API ready at ${url} (database: ${target.engine === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite'})\n`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.info({ signal }, 'stopping');
    setTimeout(() => {
      logger.error({ signal, ms: Date.now() - started }, 'stop timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    try {
      await server.stop();
      await dataSource.destroy();
      // The last spans are sent before the process exits.
      await tracing?.shutdown();
      logger.info({ signal, ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error, signal }, 'stop failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
